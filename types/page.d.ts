// What the pages' scripts use and the DOM's types do not say (tsconfig.json).

/** Material for MkDocs' observable of each page's document (instant navigation too). */
declare const document$: { subscribe(next: (document: Document) => void): unknown } | undefined;

interface Window {
  /** The engine from anywhere in the page (engine.js): replay a scenario, or any request. */
  lansquenet?: {
    replay(scenario: Bridge.Scenario | string): Promise<Bridge.Replayed>;
    call<R extends Bridge.Request>(request: R): Promise<Bridge.AnswerTo<R>>;
  };
}

/** The Network Information API's Save-Data flag (Chromium; absent elsewhere). */
interface Navigator {
  readonly connection?: { readonly saveData?: boolean };
}

interface WindowEventMap {
  /** engine.js: Python is "ready", or "failed", or "offline". */
  "lansquenet:engine": CustomEvent<string>;
}

// On these pages a selector that names no tag finds an HTML element: the templates
// write them (overrides/, site_plugins/lansquenet_site); the diagram's SVG, parsed by
// engine.js parseSvg, is only read with the methods every element has. A form field
// (its value, its disabled) is still cast where it is read.
interface ParentNode {
  querySelector<K extends keyof HTMLElementTagNameMap>(selectors: K): HTMLElementTagNameMap[K] | null;
  querySelectorAll<K extends keyof HTMLElementTagNameMap>(selectors: K): NodeListOf<HTMLElementTagNameMap[K]>;
  querySelector<E extends Element = HTMLElement>(selectors: string): E | null;
  querySelectorAll<E extends Element = HTMLElement>(selectors: string): NodeListOf<E>;
}
interface Element {
  closest<K extends keyof HTMLElementTagNameMap>(selector: K): HTMLElementTagNameMap[K] | null;
  closest<E extends Element = HTMLElement>(selectors: string): E | null;
}

/** The play page's parts, as play.js holds them and hands them to its modules. */
declare namespace Page {
  /** A word's {placeholders}: their values. */
  type Params = Record<string, string | number | boolean>;
  /** A word of the page (words.js wordsOf): its {placeholders} filled, as text; ``count``,
   *  a counted word (site.po's key.0, key.1...) in the form its number takes. */
  interface Word {
    (key: string, params?: Params): string;
    count(key: string, n: number, params?: Params): string;
  }
  /** A language's plural rule as its pages carry it (data-lq-plural: lansquenet.plurals'
   *  PluralRule.json): how many forms, and the tree of its expression. */
  interface Plural {
    forms: number;
    tree: PluralTree;
  }
  /** A number, "n", or [operator, operand...] ("?" for ``? :``). */
  type PluralTree = number | string | PluralTree[];

  /** A step a key or a button asks for (page.js stepKey; the steppers' data-go). */
  type Go = "previous" | "next" | "first" | "last";

  /** Where a page says Python's loading (page.js showLoading): its status line, its
   *  progress bar, its words (``words`` + the status: "play.loading."), and whether it
   *  says the megabytes downloaded ("...download", their decimal mark "...decimal"). */
  interface Loading {
    line: HTMLElement;
    bar?: HTMLProgressElement | null;
    word: Word;
    words: string;
    figures?: boolean;
  }

  /** The play page's elements (play.js ``elements``), written by overrides/play.html. */
  interface Elements {
    root: HTMLElement;
    status: HTMLElement;
    progress: HTMLProgressElement;
    linkError: HTMLElement;
    setup: HTMLFormElement;
    names: HTMLOListElement;
    balance: HTMLInputElement;
    banker: HTMLSelectElement;
    finish: HTMLInputElement;
    seed: HTMLInputElement;
    decks: HTMLTextAreaElement;
    setupRefusal: HTMLElement;
    addPlayer: HTMLButtonElement;
    game: HTMLElement;
    busy: HTMLElement;
    turn: HTMLFormElement;
    turnText: HTMLElement;
    situation: HTMLElement;
    amountBox: HTMLElement;
    amount: HTMLInputElement;
    moves: HTMLElement;
    moveRefusal: HTMLElement;
    over: HTMLElement;
    standingsTitle: HTMLElement;
    standings: HTMLTableElement;
    view: HTMLElement;
    counter: HTMLElement;
    stepText: HTMLElement;
    stepCards: HTMLElement;
    result: HTMLElement;
    /** The court game's coach at the step shown (step.coach), with the odds. */
    coach: HTMLElement;
    restError: HTMLElement;
    figure: HTMLElement;
    balances: HTMLTableElement;
    journal: HTMLElement;
    feed: HTMLOListElement;
    ledger: HTMLTableElement;
    ledgerEmpty: HTMLElement;
    permalink: HTMLAnchorElement;
    announce: HTMLElement;
    copied: HTMLElement;
    seat: HTMLElement;
    presets: HTMLElement;
    range: HTMLElement;
    help: HTMLElement;
    said: HTMLElement;
    pace: HTMLSelectElement;
  }

  type Session = ReturnType<typeof import("../docs/assets/js/session.js").sessionClient>;

  /** The table (play.js): the page's parts, shared with links.js and tools.js (each made
   *  once, as the page sets itself up: play.js parts). */
  interface Table {
    root: HTMLElement;
    el: Elements;
    word: Word;
    /** The reader's seats, in a game with computer players. */
    readers: string[];
    /** The seats a new game of the class keeps (play.js freshGame): the class's names. */
    seated: string[];
    turn: ReturnType<typeof import("../docs/assets/js/turn.js").turnView>;
    ledger: ReturnType<typeof import("../docs/assets/js/ledger.js").ledgerView>;
    session: Session;
    links: ReturnType<typeof import("../docs/assets/js/links.js").gameLinks>;
    steps: ReturnType<typeof import("../docs/assets/js/viewer.js").viewer>;
    computer: ReturnType<typeof import("../docs/assets/js/computer.js").computerPlayers>;
    form: ReturnType<typeof import("../docs/assets/js/setup-form.js").setupForm>;
    view: ReturnType<typeof import("../docs/assets/js/step-view.js").stepView>;
    screen: ReturnType<typeof import("../docs/assets/js/screen.js").gameScreen>;
    help: ReturnType<typeof import("../docs/assets/js/computer.js").helps>;
    tools: ReturnType<typeof import("../docs/assets/js/tools.js").tableTools>;
    /** The croupier's keys (croupier.js): what the table, the moves, the odds say. */
    croupier: ReturnType<typeof import("../docs/assets/js/croupier.js").croupierKeys>;
    /** The table handed to the projector view (projector.js projectable). */
    projection: ReturnType<typeof import("../docs/assets/js/projector.js").projectable>;
    /** The decision on the projected table (decision.js): whose turn, the amounts, a lone move. */
    decision: ReturnType<typeof import("../docs/assets/js/decision.js").mountDecision>;
    /** What the computer players' moves said, told at once when their turn ends. */
    heard: string[];
    /** A request to the engine, and what to do with its answer (a loading failure said in ``failTarget``). */
    run<T>(request: Promise<T>, then: (reply: T) => void, failTarget: HTMLElement): Promise<void>;
    accept(position: Bridge.Position): void;
    newGame(reply: Bridge.Opened): void;
    showForm(data: Bridge.Scenario | null): void;
    focusTurn(): void;
  }
}

declare namespace Page {
  /** What a view hands the projector view (projector.js projectable): how it steps
   *  (none: the projector steps between the page's views), and its decision's buttons
   *  (the class's vote, vote.js; none: no vote), and how one of them is played from the
   *  projected vote (none: the vote's choices are only shown). */
  interface Projectable {
    go?: (go: Go) => void;
    choices?: () => HTMLElement[];
    choose?: (choice: HTMLElement) => void;
  }
}

interface HTMLElementEventMap {
  /** projector.js: the view may be projected (handed over, or shown again). */
  "lq:projectable": CustomEvent<void>;
  /** projector.js: the view opened (true) or left (false). */
  "lq:projected": CustomEvent<boolean>;
  /** share.js shareAddress: what the view shares now (a link from the page). */
  "lq:share": CustomEvent<string>;
  /** vote.js: the class's vote drawn anew (decision.js adds the amounts of its move that takes one). */
  "lq:voted": CustomEvent<void>;
}

interface DocumentEventMap {
  "lq:projectable": CustomEvent<void>;
  "lq:projected": CustomEvent<boolean>;
  "lq:share": CustomEvent<string>;
}

interface WindowEventMap {
  /** class-frame.js: the page is shown in the class view's frame. */
  "lq:framed": CustomEvent<void>;
}
