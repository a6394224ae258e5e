// The set-up form's own checks, field by field, in the page's language, before the
// engine sees the table: each message names its field. Names are trimmed and capped
// (NAME_MAX characters, so that they cannot break the drawing or the tables), and
// look-alike names ("Anne" and "anne ") are flagged. What the rules refuse (too few
// players, ...) is still the engine's to say.
export const NAME_MAX = 20;
const LIMITS = { balance: [1, 1000000], finish: [1, 1000], seed: [0, 999999999] };

// The form of a name that look-alikes share: no case, no accents, single spaces.
function likeness(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
}

function whole(text, limits) {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) return false;
  const value = Number(trimmed);
  return value >= limits[0] && value <= limits[1];
}

// Check the form; mark each wrong field (aria-invalid) and give the messages in order.
export function checkSetup(el, word) {
  const problems = [];
  const seen = [];
  el.names.querySelectorAll("input").forEach(function (input, i) {
    input.value = input.value.trim().slice(0, NAME_MAX);
    let message = null;
    if (!input.value) message = word("play.check.name_empty", { n: i + 1 });
    else {
      const twin = seen.findIndex(function (other) { return likeness(other) === likeness(input.value); });
      if (twin >= 0) {
        message = word("play.check.name_twin", { n: i + 1, name: input.value, other: seen[twin], m: twin + 1 });
      }
    }
    seen.push(input.value);
    problems.push([input, message]);
  });
  function field(input, key, limits, optional) {
    const empty = String(input.value).trim() === "";
    const ok = (optional && empty) || whole(input.value, limits);
    const label = word(key === "balance" ? "play.balance" : key === "finish" ? "play.finish_after" : "play.seed");
    const message = ok ? null : word(optional ? "play.check.optional" : "play.check.whole", {
      field: label, min: limits[0], max: limits[1],
    });
    problems.push([input, message]);
  }
  field(el.balance, "balance", LIMITS.balance, false);
  field(el.finish, "finish", LIMITS.finish, true);
  field(el.seed, "seed", LIMITS.seed, true);
  const messages = [];
  problems.forEach(function (problem) {
    if (problem[1]) {
      problem[0].setAttribute("aria-invalid", "true");
      messages.push(problem[1]);
    } else problem[0].removeAttribute("aria-invalid");
  });
  const first = problems.find(function (problem) { return problem[1]; });
  if (first) first[0].focus();
  return messages;
}
