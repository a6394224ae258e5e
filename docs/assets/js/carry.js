// @ts-check
// The game carried to the play page in the other language (lansquenet/carry.py). Opened
// from the link alone, the page there would have its engine replay every action; so this
// page keeps its engine's record of the session in the tab (sessionStorage), and the page
// in the other language opens the link with it: the same game, without the replay
// (benchmarks, figure 9c). The record is asked for when the reader reaches for the
// language menu (a pointer over it, the focus in it), so that following its link waits
// for nothing; a link followed before the record of the game shown came waits for it (at
// most WAIT). One record at a time, taken once, and only by the same engine (the wheel's
// address, its digest in it); the engine makes a record for the link shown, and uses it
// only to open that very link (else it replays the link).
//
//   const carrier = carryTo(session);
//   carrier.prepare(text);             // the game shown (its link's text): ask for its record
//   carrier.follow(event, anchor, text) // a click on a switcher's link: the record goes along
//   carried()                          // the record kept for this page (then forgotten), or null
import { wheelURL } from "./engine.js";

const KEY = "lansquenet-carried";
const WAIT = 1500; // ms: an engine busy elsewhere does not hold the reader back longer

/** @param {{carry: (text: string) => Promise<Bridge.Carried>}} session */
export function carryTo(session) {
  /** @type {string | null} */
  let asked = null; // the game a record was last asked for
  /** @type {string | null} */
  let kept = null; // the game whose record is kept
  /** @type {Promise<void> | null} */
  let coming = null;

  /** @param {string} text */
  function prepare(text) {
    if (asked === text) return;
    asked = text;
    coming = session.carry(text).then(function (reply) {
      if (asked === text && reply && !reply.error && reply.carry && keep(reply.carry)) kept = text;
    }, function () {});
  }

  /**
   * @param {MouseEvent} event
   * @param {HTMLAnchorElement} anchor
   * @param {string} text
   */
  function follow(event, anchor, text) {
    if (kept === text) return; // its record is kept: the link is followed as it is
    event.preventDefault();
    prepare(text);
    let gone = false;
    const go = function () {
      if (gone) return;
      gone = true;
      location.assign(anchor.href); // read now: the link follows the game until then
    };
    /** @type {Promise<void>} */ (coming).then(go);
    setTimeout(go, WAIT);
  }

  return { prepare, follow };
}

/** @param {string} record @returns {boolean} whether it is kept */
function keep(record) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ engine: wheelURL(), record: record }));
    return true;
  } catch (error) {
    return false; // storage full or refused: the link alone opens the game
  }
}

/** @returns {string | null} */
export function carried() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) || "null");
    sessionStorage.removeItem(KEY);
    return kept && kept.engine === wheelURL() && typeof kept.record === "string" ? kept.record : null;
  } catch (error) {
    return null;
  }
}
