// GENERATED from engine/lansquenet/protocol.py by `make bridge` (python -m
// lansquenet_site.bridge): edit the Python, never this file (tests/site/test_bridge.py
// fails when the two differ). The bridge between the pages and the engine, as types:
// every request a page sends to the Pyodide worker (engine.js call -> engine-worker.mjs
// -> lansquenet.web.handle) and every answer it gets back, the engine's display-ready step
// that step-view.js draws, and the worker's messages. Read by `tsc --noEmit` only
// (tsconfig.json): never served. The JavaScript names them with JSDoc, e.g.
// `@param {Bridge.Position} position`.
//
// A page never decides a rule: these types say the shape of what the engine answers,
// not what it allows.

declare namespace Bridge {

  /** An action as CONFORMANCE.md writes it: who, what, and how much when it takes an amount. */
  interface Action {
    by: string;
    do: string;
    /** A whole number, or the text as typed: the engine says what is wrong with it. */
    amount?: number | string;
  }

  /** The presets of VARIANTS.md (V-R3), as lansquenet.games declares them. */
  type Variant = "standard" | "two_packs" | "six_packs" | "italian_forty" | "half_on_pair";

  /**
   * The rules a game is played under (VARIANTS.md, V-R2): a preset by its name, or the
   * four parameters (only without a preset, or with the standard one). Absent or null: the
   * standard game. The engine checks them (V-R5: ``invalid_rules``, ``unknown_variant``).
   */
  interface Rules {
    variant?: Variant;
    /** Packs shuffled together, 1 to 6 (V-P1). */
    packs?: number;
    /** Cards per pack (V-P2). */
    pack?: "52" | "40" | "32";
    /** The bank's share of each stake on an opening pair (V-P3). */
    pair_share?: "1" | "1/2";
    /** Where the bank goes after a loss (V-P4). */
    successor?: "right" | "left";
  }

  /**
   * The court game's rules (COURT.md, C-16): its name and its fonds F, the stake of a
   * straight card (a whole number from 1 to 1 000; 1 when absent).
   */
  interface CourtRules { game: "court"; fonds?: number; }

  /** A scenario (CONFORMANCE.md): the table, its seed and stacked decks, the actions played. */
  interface Scenario {
    players: string[];
    balance?: number | string;
    first_banker?: string;
    /**
     * VARIANTS.md (V-R1): absent for the standard game; a session's scenario holds them when not
     * standard. COURT.md (C-16): ``{"game": <the court game's id>, "fonds": F}``
     * for the court game.
     */
    rules?: Rules | CourtRules | null;
    seed?: number | string;
    finish_after?: number;
    decks?: string[][];
    actions?: Action[];
    /** "Time is up" was said (R-P4). */
    ended?: boolean;
    /** The computer players: name -> temperament (lansquenet.bots). */
    computer?: Record<string, string>;
  }

  /** A refused request: a code, the sentence in the session's language, its parameters. */
  interface Failure { code: string; message: string; params?: Record<string, any>; }

  /**
   * What every answer may be instead: ``{error}`` and nothing else (a refusal, a bad
   * request, ``internal``). A page checks ``reply.error`` before it reads the rest.
   */
  interface Refusable { error?: Failure; }

  // --- requests (web.py: one op each; any but replay and simulate may carry lang) ---

  interface Spoken { lang?: string; drawing?: "page" | "projected"; }

  interface ReplayRequest { op: "replay"; scenario: Scenario | string; }

  interface OpenRequest extends Spoken { op: "open"; scenario: Scenario | string; check_names?: boolean; }

  interface LinkRequest extends Spoken {
    op: "open";
    link: string;
    /**
     * The record made for that very link (a ``carry`` answer's): opened without
     * reading the link nor replaying it, and answered without the scenario.
     */
    carry?: string;
  }

  interface MoveRequest extends Spoken { op: "move"; action: Action; }

  /**
   * ``players``: a class's names, seated first; computer players fill the empty seats.
   * ``rules``: the game's rules (V-R8), written into its scenario as a scenario writes them.
   * ``computers``: false, the names sit alone (no computer player in an empty seat).
   */
  interface QuickRequest extends Spoken {
    op: "quick";
    deals?: number;
    seed?: number | string;
    players?: string[];
    computers?: boolean;
    rules?: Rules | CourtRules | null;
  }

  /** ``to``: back to (and with) the last action of this seat, or of any of these seats. */
  interface UndoRequest extends Spoken { op: "undo"; to?: string | string[]; }

  interface EndRequest extends Spoken { op: "end"; }

  interface BotRequest extends Spoken { op: "bot"; temperament?: string; }

  /** Steps ``from`` to ``to`` (excluded, at most 64). */
  interface StepsRequest extends Spoken { op: "steps"; from: number; to: number; }

  /** The sentences before step ``to``, none before step ``from`` (a deal's start). */
  interface StoryRequest extends Spoken { op: "story"; to: number; from?: number; }

  interface LedgerRequest extends Spoken { op: "ledger"; from: number; to?: number; }

  interface ScenarioRequest extends Spoken { op: "scenario"; }

  /** The sentences' templates and the exact figures (lansquenet.chart.summary). */
  interface SummaryWords { templates: Record<string, string>; expected: Record<string, any>; }

  interface SimulateRequest extends Spoken {
    op: "simulate";
    n: number;
    seed?: number | string;
    variant?: string;
    /** The chart's words (lansquenet.chart.share_chart): the answer then holds ``svg``. */
    chart?: Record<string, string>;
    /** The sentences' templates and the exact figures: the answer then holds ``summary``. */
    summary?: SummaryWords;
  }

  /** A guided lesson replayed with the learner's answers (each a choice's index). */
  interface LessonRequest extends Spoken { op: "lesson"; id: string; answers: number[]; }

  /** A quick game's short link (lansquenet/quicklink.py): opened, answered as ``open``. */
  interface ShortLinkRequest extends Spoken { op: "short"; link: string; }

  /** The open session's short link: ``{short: null}`` when its game has none. */
  interface ShortRequest { op: "short"; }

  interface ShortAnswer extends Refusable { short: string | null; }

  /** The open session's record, for the page in the other language (lansquenet/carry.py). */
  interface CarryRequest extends Spoken {
    op: "carry";
    /** The link the page shows: the record is made for it, if it holds the session's game. */
    link: string;
  }

  interface Carried extends Refusable { carry: string; }

  /** The presets of VARIANTS.md and their figures; with ``rules``, the same for those (``chosen``). */
  interface RulesRequest extends Spoken { op: "rules"; rules?: Rules | CourtRules | null; }

  type Request = 
    ReplayRequest | OpenRequest | LinkRequest | MoveRequest | QuickRequest | UndoRequest
    | EndRequest | BotRequest | StepsRequest | StoryRequest | LedgerRequest | ScenarioRequest
    | CarryRequest | SimulateRequest | LessonRequest | ShortLinkRequest | ShortRequest
    | RulesRequest;

  /** The answer to a request, by its op. */
  type AnswerTo<R extends Request> =
      R extends ReplayRequest ? Replayed
    : R extends OpenRequest | QuickRequest | ShortLinkRequest ? Opened
    : R extends LinkRequest ? LinkOpened
    : R extends ShortRequest ? ShortAnswer
    : R extends UndoRequest ? Undone
    : R extends MoveRequest | EndRequest | BotRequest ? Position
    : R extends StepsRequest ? StepsAnswer
    : R extends StoryRequest ? StoryAnswer
    : R extends LedgerRequest ? LedgerAnswer
    : R extends ScenarioRequest ? ScenarioAnswer
    : R extends CarryRequest ? Carried
    : R extends SimulateRequest ? Simulation
    : R extends LessonRequest ? Lesson
    : R extends RulesRequest ? RulesAnswer
    : never;

  // --- the engine's step (lansquenet/view.py) ---

  /** A card as seen: its text in the page's language and its colour. */
  interface Card { text: string; colour: "red" | "black"; }

  /** A card of a step: its language-free code (``QD``), its rank and suit as seen, its role. */
  interface SeenCard extends Card {
    code: string;
    rank: string;
    suit: string;
    /**
     * The later game's bank card, players' card, exposed cards; the court game's coupeurs'
     * cards, the holder's card, the cards turned (COURT.md).
     */
    role: "bank" | "players" | "exposed" | "coupeur" | "holder" | "turned";
  }

  /** The odds of a move (lansquenet.odds.move_odds): fractions as text, e.g. "8/17". */
  interface Odds { win: string; per_counter: string; [more: string]: unknown; }

  /** A move's odds as the lessons' choices carry them (lessons.py ``odds``): the view's. */
  interface ChoiceOdds {
    odds: Odds | null;
    odds_text: string;
    /** The odds at a glance, the engine's: "9 in 17, 53%" (null when nothing is at risk). */
    odds_short: string | null;
  }

  interface Preset { amount: number; kind: string; }

  /** A legal move of the player to act (view.py ``moves``). */
  interface Move extends ChoiceOdds {
    do: string;
    /** Whether the move takes an amount; then its bounds and what a page offers. */
    amount: boolean;
    min?: number;
    max?: number;
    suggested?: number;
    presets?: Preset[];
  }

  /** Who acts now, and each legal move (null once the game is over). */
  interface ToAct { player: string; can: string[]; moves: Move[]; }

  interface Bank { holder: string; original_holder: string; amount: number; sales: number; }

  interface Standing { place: number; player: string; balance: number; }

  interface DealCards {
    bank_card: string | null;
    players_card: string | null;
    exposed: string[];
    winner: string | null;
  }

  /** A coupeur's card in a coup of the court game (COURT.md, C-6 … C-9, C-17). */
  interface CourtCard {
    player: string;
    card: string;
    kind: "straight" | "double" | "triple" | "quadruple";
    /** What lies on the card: F, 2F or 4F (0 for a quadruple, which voids the coup). */
    stake: number;
    /** Null while the card is on the table; the holder won it, paid it, or it went back. */
    fate: "won" | "paid" | "returned" | null;
  }

  /** The coup on the table (the court game): the coupeurs' cards in a row, A first. */
  interface CourtCoup {
    holder: string;
    fonds: number;
    coupeurs: CourtCard[];
    holder_card: string | null;
    turned: string[];
    end: "made" | "lost" | "void" | "fourth" | null;
    /** Its number, from 1. */
    number: number;
  }

  interface Table {
    seats: string[];
    phase: string;
    /** The banker; in the court game, who holds the hand. */
    banker: string | null;
    uncovered: number | null;
    stakes: Record<string, number>;
    cards: DealCards | null;
    /** The court game's coup on the table (absent in the later game). */
    coup?: CourtCoup | null;
  }

  /** The table's state at a step (table.py ``view_json``): what the diagram draws. */
  interface State {
    status: "awaiting" | "dealing" | "finished";
    to_act: ToAct | null;
    balances: Record<string, number>;
    bank: Bank | null;
    stakes?: Record<string, number>;
    /** The players ranked, once the game is over (R-F1); ties share a place. */
    standings?: Standing[] | null;
    /** The court game: who holds the hand (null once finished). */
    holder?: string | null;
    /** The court game: F, the stake of a straight card (C-3). */
    fonds?: number;
    table: Table;
  }

  /** A player's row in the balances: counters, stake, signed change since the step before. */
  interface Row {
    player: string;
    balance: number;
    stake: number;
    change: number;
    change_text: string;
    banker: boolean;
    acting: boolean;
  }

  /** What happened at a step: its code, and its fields (CONFORMANCE.md's events). */
  interface Event { code: string; [more: string]: unknown; }

  interface Change { player: string; change: number; text: string; }

  interface Result { changes: Change[]; line: string; }

  interface Say { table: string; counters: string; moves: string; odds: string; }

  /**
   * A coupeur's card still on the table and its exact chance of coming before the
   * holder's (court_odds.chances), as a fraction and in words.
   */
  interface CoachCard { player: string; card: string; before: string; text: string; }

  /**
   * The coach of the court game at a step (view.py ``court_coach``): each coupeur's
   * chance that his card comes before the holder's, the holder's chances of making and
   * of keeping the hand (fractions as text), and the sentence that says them.
   */
  interface CourtCoach { cards: CoachCard[]; make: string; keep: string; text: string; }

  /** One step, display-ready (view.py ``step_view``, with its index), as a lesson tells it. */
  interface NarratedStep {
    index: number;
    event: Event;
    text: string;
    state: State;
    cards: SeenCard[];
    rows: Row[];
    bank: number | null;
    result: Result | null;
    /** What the croupier's keys answer (view.py croupier): T, S, M and O. */
    say?: Say | null;
    /** The court game's coach at this step (null when the coup is decided or the game over). */
    coach?: CourtCoach | null;
  }

  /** One step as a session's answers carry it: with its diagram. */
  interface Step extends NarratedStep {
    /** The diagram, SVG the engine wrote (read with engine.js parseSvg). */
    svg: string;
    /** Its layout: the request's ``drawing`` (lansquenet.diagram.LAYOUTS). */
    drawing: "page" | "projected";
  }

  /**
   * A played deal, a row of the ledger (view.py ``ledger_row``); in the court game a
   * coup (view.py ``court_ledger_row``: ``banker`` the holder, ``bank`` the fonds F,
   * ``winner`` how it ended: made, lost, void, fourth).
   */
  interface LedgerRow {
    number: number;
    banker: string;
    bank: number;
    cards: Card[];
    winner: string;
    opening_pair: boolean;
    change: Record<string, number>;
    changes: Record<string, string>;
    /** The court game: how the coup ended, in words. */
    end_text?: string;
  }

  // --- answers ---

  /**
   * Where the session stands (web.py, "A position"): what is new since step ``from``.
   * The story is its first ``from`` sentences, then ``texts``, then ``step.text``.
   */
  interface Position extends Refusable {
    count: number;
    actions: number;
    deals: number;
    ended: boolean;
    from: number;
    texts: string[];
    /** ``[step, deal]``: where a deal of the story begins, among the new steps. */
    deal_starts: [number, number][];
    step: Step;
    /** Step index (as text) -> the reason of the computer player's move it starts. */
    reasons: Record<string, string>;
    said: string | null;
    undo: boolean;
    played: Action[];
    ledger: LedgerRow[];
  }

  interface Refused { index: number; action: Action; code: string; message: string; }

  /** An ``open`` (or ``quick``) answer: a position with the session's scenario. */
  interface Opened extends Position { scenario: Scenario; refused?: Refused; }

  /**
   * An ``open`` answer to a link: :class:`Opened`, but for a game opened with its
   * record (``carried``), which leaves the scenario out: it is exactly the link's.
   */
  interface LinkOpened extends Position { scenario?: Scenario; carried?: "True"; refused?: Refused; }

  interface Undone extends Position { undone: number; }

  interface StepsAnswer extends Refusable { count: number; steps: Step[]; }

  interface StoryAnswer extends Refusable {
    count: number;
    from: number;
    texts: string[];
    reasons: Record<string, string>;
  }

  interface LedgerAnswer extends Refusable { ledger: LedgerRow[]; deals: number; }

  interface ScenarioAnswer extends Refusable { scenario: Scenario; }

  /** A share, as a fraction's text and as a float. */
  interface Share { fraction: string; float: number; }

  /** The seeded simulation (lansquenet.odds.simulation_json), its chart and sentences. */
  interface Simulation extends Refusable {
    deals: number;
    /** The bank's share of the deals won. */
    bank_share: Share;
    svg?: string;
    /** The same chart drawn for the room (lansquenet.chart.PROJECTED). */
    svg_projected?: string;
    /** The two sentences under the chart (lansquenet.chart.summary). */
    summary?: [string, string];
    variant?: string;
    /** The variant's simulated edge (lansquenet.odds.variant_sim_edge). */
    edge?: Share;
    [more: string]: unknown;
  }

  /** A lesson's question: what to ask, the choices, each choice's odds if it is a move. */
  interface Question { ask: string; choices: string[]; player: string; odds: (ChoiceOdds | null)[] | null; }

  /** A lesson replayed (lansquenet.lessons.run): the last answer judged. */
  interface Lesson extends Refusable {
    id: string;
    accepted: boolean | null;
    refusal: string | null;
    message: string | null;
    steps: NarratedStep[];
    /** The table now, as the last step left it (null when no step was played). */
    state: State | null;
    /** Its diagram (null when the table did not change). */
    svg: string | null;
    question: Question | null;
    answered: number;
    done: boolean;
    summary: string | null;
  }

  /** A rule set's figures (web.py ``rules``; lansquenet.odds): exact fractions as text. */
  interface RuledFigures {
    /** As a scenario writes them: a preset by its name, else the parameters; null for the standard game. */
    rules: Rules | null;
    cards: number;
    opening_pair: string;
    /** The bank's edge per counter covered by even stakes. */
    edge: string;
    /** The edge exactly and as a percentage, in the request's language: "1/34 ≈ 2.9%". */
    edge_text: string;
  }

  interface PresetFigures extends RuledFigures {
    name: Variant;
    /** VARIANTS.md's source ids ("RULES" for RULES.md). */
    sources: string[];
    year: number | null;
  }

  interface ChosenFigures extends RuledFigures {
    /** The preset whose parameters they are: null is a mix, not a historical variant. */
    preset: Variant | null;
  }

  /**
   * Another game's rules (COURT.md, C-16) and the figure its entry names (web.py ``rules``;
   * lansquenet.games ``Game.edge``): exact fractions as text.
   */
  interface GameFigures {
    game: "court";
    /** As a scenario writes them: the game and its fonds. */
    rules: CourtRules;
    preset: null;
    /** For the court game: the holder's gain over a whole hand, in F, four at the table (C-13, C-15). */
    edge: string;
    /** The figure exactly and as a percentage, in the request's language. */
    edge_text: string;
  }

  interface RulesAnswer extends Refusable {
    presets: PresetFigures[];
    /** For the request's ``rules``. */
    chosen?: ChosenFigures | GameFigures;
  }

  /** The replay of the command line (``python -m lansquenet replay``): a state, or a refusal. */
  interface Replayed extends Refusable { [more: string]: unknown; }

  // --- the worker's messages (engine-worker.mjs's protocol) ---

  /** page -> worker: a request's JSON text, and its id. */
  interface ToWorker { id: number; request: string; }

  /** The worker's loading stages, as engine.js reports them. */
  type Progress = "runtime" | "starting" | "restoring" | "engine" | "ready" | "kept" | "failed" | "offline";

  /**
   * worker -> page: an answer's JSON text (none once Python could not start: the page
   * answers the requests still waiting with the failure its progress says), or how
   * Python's start goes (``progress``: bytes so far for "runtime", ``from`` for "ready",
   * ``kept`` once a snapshot is kept, ``error`` for "failed").
   */
  interface FromWorker {
    id?: number;
    response?: string;
    error?: string;
    progress?: Progress;
    loaded?: number;
    total?: number;
    from?: "snapshot" | "build-snapshot" | "plain";
    /** "ready": a snapshot was to be restored, could not be, and Python started plainly. */
    refused?: boolean;
    kept?: boolean;
  }
}
