// @ts-check
// The projector view's way to a phone: while a view is projected (projector.js's
// "lq:projected" event), a QR code and the link of exactly what is on the screen, beside
// it. The view says what that is through ``shareAddress(box, address)`` (a link from the
// page: a rule stepper's "#etape-4", the play page's game at its step, a lesson at its
// question), kept up to date by its own script; the code follows it. A view that says
// none shares its own anchor. The class view (class.js) shows its code while it is shown
// (``shareShown(view, true)``): the part on the screen. A link longer than MAX characters
// would make a code too dense to scan from a desk: the view says so and shows the link.
//
//   shareAddress(box, "/regles/#etape-4");   // what ``box`` shares now ("lq:share" told)
//   shareShown(box, on);                     // its code shown or not, outside the projector
// The code comes from the pinned npm library qrcode-generator (assets/vendor, copied
// there at build time by site_plugins/lansquenet_site/vendor.py): nothing here encodes.
// Its words are the projector button's (data-share-label, data-share-long, site.po).
// @ts-expect-error: copied into the site at build time, typed below from its npm package
import library from "../vendor/qrcode.mjs";
/** @type {typeof import("qrcode-generator")} */
const qrcode = library;

export const MAX = 1000; // characters of a link one code holds, readable across a room
const QUIET = 4; // modules of white around the code (the QR standard's quiet zone)
const SVG = "http://www.w3.org/2000/svg";

/** @type {WeakMap<HTMLElement, {figure: HTMLElement, code: HTMLElement, link: HTMLAnchorElement, note: HTMLElement, url: string}>} */
const made = new WeakMap();
/** @type {WeakSet<HTMLElement>} */
const showing = new WeakSet(); // the views whose code is shown

/**
 * The address ``box`` shares now, absolute.
 * @param {HTMLElement} box
 * @returns {string}
 */
function addressOf(box) {
  const own = box.dataset.share || (box.id ? location.pathname + "#" + box.id : location.pathname);
  return new URL(own, location.href).href;
}

/**
 * The code of ``url`` as an SVG drawing, black on white, its quiet zone kept.
 * @param {string} url
 * @returns {SVGSVGElement}
 */
function drawing(url) {
  const qr = qrcode(0, "M"); // the smallest version that holds it; 15 % may be lost
  qr.addData(url, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 2 * QUIET;
  let d = "";
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      if (qr.isDark(row, col)) d += "M" + (col + QUIET) + " " + (row + QUIET) + "h1v1h-1z";
    }
  }
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, "svg"));
  svg.setAttribute("viewBox", "0 0 " + size + " " + size);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("aria-hidden", "true");
  const ground = document.createElementNS(SVG, "rect");
  ground.setAttribute("width", String(size));
  ground.setAttribute("height", String(size));
  ground.setAttribute("fill", "#fff");
  const modules = document.createElementNS(SVG, "path");
  modules.setAttribute("d", d);
  modules.setAttribute("fill", "#000");
  svg.append(ground, modules);
  return svg;
}

/**
 * The figure of ``box`` (made once, inside it, after its projector button's words).
 * @param {HTMLElement} box
 */
function figureOf(box) {
  let parts = made.get(box);
  if (parts) return parts;
  const button = /** @type {HTMLElement | null} */ (box.querySelector('[data-action="projector"]'));
  const words = box.dataset.shareLabel ? box.dataset : button ? button.dataset : {};
  const figure = document.createElement("figure");
  figure.className = "lq-share";
  figure.hidden = true;
  const code = document.createElement("div");
  code.className = "lq-share-code";
  code.setAttribute("role", "img");
  code.setAttribute("aria-label", words.shareLabel || "");
  const caption = document.createElement("figcaption");
  const link = document.createElement("a");
  link.className = "lq-share-link";
  const note = document.createElement("span");
  note.className = "lq-share-long";
  note.textContent = words.shareLong || "";
  note.hidden = true;
  caption.append(note, link);
  figure.append(code, caption);
  box.append(figure);
  parts = { figure: figure, code: code, link: link, note: note, url: "" };
  made.set(box, parts);
  return parts;
}

/**
 * Show (or hide) ``box``'s code, for what it shows now.
 * @param {HTMLElement} box
 */
function update(box) {
  const projecting = showing.has(box);
  if (!projecting && !made.has(box)) return;
  const parts = figureOf(box);
  parts.figure.hidden = !projecting;
  if (!projecting) return;
  const url = addressOf(box);
  if (url === parts.url) return;
  parts.url = url;
  parts.link.href = url;
  parts.link.textContent = url.replace(/^https?:\/\//, "");
  const fits = url.length <= MAX;
  parts.note.hidden = fits;
  parts.code.hidden = !fits;
  parts.code.replaceChildren(...(fits ? [drawing(url)] : []));
  parts.figure.dataset.url = url;
}

// What ``box`` shares now (a link from the page, or none: its anchor), its code redrawn
// when shown; the page told ("lq:share", bubbling: the class view's frame passes it on).
/**
 * @param {HTMLElement} box
 * @param {string | null} address
 */
export function shareAddress(box, address) {
  if (address === null) delete box.dataset.share;
  else box.dataset.share = address;
  update(box);
  box.dispatchEvent(new CustomEvent("lq:share", { detail: addressOf(box), bubbles: true }));
}

// ``box``'s code shown (or not), for what it shares now.
/**
 * @param {HTMLElement} box
 * @param {boolean} on
 */
export function shareShown(box, on) {
  if (on) showing.add(box);
  else showing.delete(box);
  update(box);
}

// A projected view shows its code while it is projected.
document.addEventListener("lq:projected", function (event) {
  if (event.target instanceof HTMLElement) shareShown(event.target, event.detail);
});
