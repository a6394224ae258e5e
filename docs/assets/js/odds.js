// @ts-check
// The odds page's live simulation: the reader's own deals, played by the engine in the
// Pyodide worker (engine.js -> lansquenet.web, op "simulate"), drawn by the engine too
// (lansquenet.chart.share_chart, the same function that drew the chart the page was
// built with). Nothing here knows a rule or a figure: the exact values come written in
// the page (#lq-odds-data, from the engine at build time), the words too (site.po).
//
// Python starts only when the reader presses Run, never on page load.
import { call, onProgress, parseSvg, start } from "./engine.js";
import { loadingBar, onPage, pageLang, pageWords, required, show, showLoading } from "./page.js";

/**
 * The odds page's figures and words, written at build time (#lq-odds-data): the chart's
 * and the summary's words go to the engine, which fills them (a counted one in each form).
 * @typedef {{words: Record<string, string>, max: number, chart: Record<string, string>,
 *   summary: Record<string, string>, expected: Record<string, any>,
 *   variants?: Record<string, Record<string, any>>}} OddsData
 */

/** @param {HTMLElement} root */
function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";

  /** @type {OddsData} */
  const data = JSON.parse(required(document, "#lq-odds-data").textContent || "{}");
  /** @type {(id: string) => any} the page's HTML has every one (odds_page.py) */
  const $ = function (id) { return document.getElementById(id); };
  /**
   * @type {{form: HTMLFormElement, deals: HTMLInputElement, seed: HTMLInputElement,
   *   run: HTMLButtonElement, refusal: HTMLElement, progress: HTMLProgressElement,
   *   status: HTMLElement, variant: HTMLSelectElement | null, box: HTMLElement, room: HTMLElement | null,
   *   origin: HTMLElement, summary: HTMLElement, details: HTMLElement}}
   */
  const el = {
    form: $("lq-sim-form"), deals: $("lq-sim-deals"), seed: $("lq-sim-seed"), run: $("lq-sim-run"),
    refusal: $("lq-sim-refusal"), progress: $("lq-sim-progress"), status: $("lq-sim-status"),
    variant: $("lq-sim-variant"), // the variants page only: which variant's pack to play
    box: $("lq-sim-chart-box"), room: $("lq-sim-chart-room"), origin: $("lq-sim-origin"), summary: $("lq-sim-summary"), details: $("lq-sim-details"),
  };
  const integer = new Intl.NumberFormat(pageLang(), { maximumFractionDigits: 0 });
  let running = 0; // deals asked for, while the engine plays them
  let started = false; // the reader has asked for Python
  let engine = "idle"; // the worker's loading status (engine.js)

  const word = pageWords(data.words);
  /** @type {Page.Loading} */
  const display = { line: el.status, word: word, words: "odds.sim.loading." };

  /**
   * @param {string} name
   * @param {string} text
   */
  function status(name, text) {
    showLoading(display, name, undefined, text);
  }

  // A whole number as typed, or null.
  /** @param {string} text */
  function whole(text) {
    const trimmed = String(text).trim();
    return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : null;
  }

  // The exact figures to compare with: the chosen variant's on the variants page (engine, build time).
  function expected() {
    return el.variant && data.variants ? data.variants[el.variant.value] : data.expected;
  }

  /**
   * @param {Bridge.Simulation} result
   * @param {number} seed
   */
  function draw(result, seed) {
    const svg = parseSvg(result.svg);
    if (svg) el.box.replaceChildren(svg);
    // The same chart drawn for the room (the class view's frame shows it: odds.css).
    const projected = result.svg_projected ? parseSvg(result.svg_projected) : null;
    if (el.room && projected) el.room.replaceChildren(projected);
    el.origin.dataset.origin = "browser";
    el.origin.textContent = word.count("odds.sim.live", result.deals, { deals: integer.format(result.deals), seed: String(seed) });
    el.summary.dataset.share = String(result.bank_share.float);
    el.summary.dataset.deals = String(result.deals);
    const summary = result.summary || ["", ""]; // written by the engine (lansquenet.chart.summary)
    el.summary.textContent = summary[0];
    el.details.textContent = summary[1];
  }

  /**
   * @param {string} name
   * @param {string} [detail]
   */
  function engineStatus(name, detail) {
    engine = name;
    if (name === "ready" && running) {
      status("running", word.count("odds.sim.loading.running", running, { deals: integer.format(running) }));
    } else if (name !== "ready" || started) showLoading(display, name, detail);
    el.run.disabled = el.run.disabled || name === "failed";
    if (started) loadingBar(el.progress, name); // the bar: only once the reader asked for Python
    else el.progress.hidden = true;
  }

  /** @param {SubmitEvent} event */
  function run(event) {
    event.preventDefault();
    if (running) return;
    show(el.refusal, "");
    el.deals.removeAttribute("aria-invalid");
    el.seed.removeAttribute("aria-invalid");
    const n = whole(el.deals.value);
    const seed = whole(el.seed.value);
    if (n === null || n < 1 || n > data.max) {
      show(el.refusal, word("odds.sim.invalid_deals", { max: integer.format(data.max) }));
      el.deals.setAttribute("aria-invalid", "true");
      el.deals.focus();
      return;
    }
    if (seed === null || !Number.isSafeInteger(seed)) {
      show(el.refusal, word("odds.sim.invalid_seed"));
      el.seed.setAttribute("aria-invalid", "true");
      el.seed.focus();
      return;
    }
    running = n;
    started = true;
    el.run.disabled = true;
    root.setAttribute("aria-busy", "true");
    start(); // Python starts now, on the reader's request
    const summary = { templates: data.summary, expected: expected() }; // its counted sentence in every form: the engine picks
    /** @type {Bridge.SimulateRequest} */
    const request = { op: "simulate", n: n, seed: seed, lang: pageLang(), chart: data.chart, summary: summary };
    if (el.variant) request.variant = el.variant.value;
    call(request).then(
      function (result) {
        if (result.error) {
          show(el.refusal, word("odds.sim.error", { detail: result.error.message }));
          status("ready", word("odds.sim.loading.ready"));
          return;
        }
        draw(result, seed);
        status("done", word.count("odds.sim.loading.done", result.deals, { deals: integer.format(result.deals) }));
      },
      function () { /* the loading failure is already on the page (engineStatus) */ },
    ).finally(function () {
      running = 0;
      root.setAttribute("aria-busy", "false");
      el.run.disabled = engine === "failed" || engine === "offline";
    });
    if (engine === "ready") engineStatus("ready"); // Python was already there: say it plays
  }

  onProgress(engineStatus);
  status("idle", word("odds.sim.loading.idle"));
  el.form.addEventListener("submit", run);
  el.form.hidden = false;
  root.setAttribute("aria-busy", "false");
}

function init() {
  const root = document.getElementById("lq-sim");
  if (root) setup(root);
}

onPage(init);
