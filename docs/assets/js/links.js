// The game and the address: the address follows the game (permalink.js writes it), and
// an address holding a game opens it, with Back and Forward too. A link whose later
// action the engine refuses opens the game up to that action, says which one and why,
// and stays in the address as it came (to be retried or inspected). A link that is not
// a game gives the form back with a sentence saying so; an engine failure is said as
// what it is, never as a bad link.
//
//   const links = gameLinks(table);   // table: the play page's parts (play.js)
//   links.remember(push);             // the address holds the game (push: new entry)
//   links.route();                    // show what the address holds; false: no game
//   links.viewed(index, count);       // the step shown, for the language switcher
//   links.leave(); links.forget();    // a new table (a new history entry); no game shown
import { decode, fragment, readHash, scenarioText, updateSwitcher, writeHash } from "./permalink.js";
import { problem } from "./session.js";
import { show } from "./words.js";

export function gameLinks(table) {
  const el = table.el;
  const word = table.word;
  let shown = null; // the fragment's text this page shows the game of

  function remember(push) {
    shown = table.record.link();
    writeHash(shown, push);
    el.permalink.href = fragment(shown);
    updateSwitcher(shown, null);
  }

  // Leave the game for a new table: a new history entry, so Back returns to the game.
  function leave() {
    writeHash(null, true);
  }

  function forget() {
    shown = null;
    updateSwitcher(null, null);
  }

  // The language switcher carries the step shown, unless it is the last one.
  function viewed(index, count) {
    if (shown) updateSwitcher(shown, index === count - 1 ? null : index);
  }

  function badLink() {
    writeHash(null, false);
    table.showForm(null);
    show(el.linkError, word("play.bad_link"));
  }

  function route() {
    const found = readHash();
    if (!found) {
      if (table.record.table) table.showForm(table.record.table);
      return false;
    }
    if (found.text === shown) return true; // our own address
    let data;
    try {
      data = decode(found.text);
    } catch (error) {
      badLink();
      return true;
    }
    el.setup.hidden = true; // the form is in the page's HTML: not while the link's game opens
    shown = found.text;
    updateSwitcher(shown, null); // the other language opens the same link
    // The engine reads the link's very text, as the command line would: the same numbers.
    table.run(table.session.open(scenarioText(found.text)), function (reply) {
      if (reply.error) {
        if (reply.error.code === "internal") { // the engine failed: not the link's fault
          show(el.linkError, problem(reply, word));
          el.setup.hidden = false;
        } else badLink();
        return;
      }
      table.newGame(data, reply);
      if (reply.refused) {
        // The game up to the refused action; the link stays in the address as it came.
        updateSwitcher(shown, null);
        el.permalink.href = fragment(table.record.link());
        show(el.linkError, word("play.link_refused", { number: reply.refused.index + 1, message: reply.refused.message }));
      } else {
        remember(false);
        show(el.linkError, "");
      }
      if (found.step !== null) table.steps.goTo(found.step);
    }, el.linkError);
    return true;
  }

  window.addEventListener("hashchange", route);
  window.addEventListener("popstate", route);
  return { remember: remember, leave: leave, forget: forget, viewed: viewed, route: route };
}
