"""The bridge's contract, declared once: every request a page sends to the Pyodide worker
(engine.js ``call`` -> engine-worker.mjs -> :func:`lansquenet.web.handle`), every answer
it gets back, the engine's display-ready step (:func:`lansquenet.view.step_view`) that
step-view.js draws, and the worker's own messages.

:mod:`lansquenet.web` dispatches on :data:`OPS` (one handler each); ``types/bridge.d.ts``,
which the pages' JSDoc names (``@param {Bridge.Position} position``), is generated from
this module (``python -m lansquenet_site.bridge``, ``make bridge``), and a test fails when
the committed file differs or when an answer of :mod:`lansquenet.web` leaves its
declaration. A page never decides a rule: these types say the shape of what the engine
answers, not what it allows.

How the declarations read: a ``TypedDict`` is an interface (its bases, its fields; a
``NotRequired`` field may be missing), a string under a field is that field's comment,
a ``TypeAlias`` is a type of its own name, and a key that is a Python keyword is written
with a trailing underscore (``from_`` is the key ``from``). :data:`OPEN_ENDED` names the
objects that may hold more keys than they declare; :data:`ANSWERS` pairs each request
with its answer.

>>> OPS[:7], OPS[7:]
(('replay', 'open', 'move', 'quick', 'undo', 'end', 'bot'), ('steps', 'story', 'ledger', 'scenario', 'carry', 'simulate', 'lesson', 'short', 'rules'))
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

from .games import COURT, PRESET_IDS

COURT_ID = COURT.id

__all__ = ["ANSWERS", "OPEN_ENDED", "OPS", "REQUESTS", "Request"]


class Action(TypedDict):
    """An action as CONFORMANCE.md writes it: who, what, and how much when it takes an amount."""

    by: str
    do: str
    amount: NotRequired[int | str]
    """A whole number, or the text as typed: the engine says what is wrong with it."""


Variant: TypeAlias = Literal[PRESET_IDS]  # type: ignore[valid-type]
"""The presets of VARIANTS.md (V-R3), as lansquenet.games declares them."""


class Rules(TypedDict):
    """The rules a game is played under (VARIANTS.md, V-R2): a preset by its name, or the
    four parameters (only without a preset, or with the standard one). Absent or null: the
    standard game. The engine checks them (V-R5: ``invalid_rules``, ``unknown_variant``)."""

    variant: NotRequired[Variant]
    packs: NotRequired[int]
    """Packs shuffled together, 1 to 6 (V-P1)."""
    pack: NotRequired[Literal["52", "40", "32"]]
    """Cards per pack (V-P2)."""
    pair_share: NotRequired[Literal["1", "1/2"]]
    """The bank's share of each stake on an opening pair (V-P3)."""
    successor: NotRequired[Literal["right", "left"]]
    """Where the bank goes after a loss (V-P4)."""


class CourtRules(TypedDict):
    """The court game's rules (COURT.md, C-16): its name and its fonds F, the stake of a
    straight card (a whole number from 1 to 1 000; 1 when absent)."""

    game: Literal[COURT_ID]  # type: ignore[valid-type]
    fonds: NotRequired[int]


class Scenario(TypedDict):
    """A scenario (CONFORMANCE.md): the table, its seed and stacked decks, the actions played."""

    players: list[str]
    balance: NotRequired[int | str]
    first_banker: NotRequired[str]
    rules: NotRequired[Rules | CourtRules | None]
    """VARIANTS.md (V-R1): absent for the standard game; a session's scenario holds them when not
    standard. COURT.md (C-16): ``{"game": <the court game's id>, "fonds": F}``
    for the court game."""
    seed: NotRequired[int | str]
    finish_after: NotRequired[int]
    decks: NotRequired[list[list[str]]]
    actions: NotRequired[list[Action]]
    ended: NotRequired[bool]
    """"Time is up" was said (R-P4)."""
    computer: NotRequired[dict[str, str]]
    """The computer players: name -> temperament (lansquenet.bots)."""


class Failure(TypedDict):
    """A refused request: a code, the sentence in the session's language, its parameters."""

    code: str
    message: str
    params: NotRequired[dict[str, Any]]


class Refusable(TypedDict):
    """What every answer may be instead: ``{error}`` and nothing else (a refusal, a bad
    request, ``internal``). A page checks ``reply.error`` before it reads the rest."""

    error: NotRequired[Failure]


# --- requests (web.py: one op each; any but replay and simulate may carry lang) ---


class Spoken(TypedDict):
    lang: NotRequired[str]
    drawing: NotRequired[Literal["page", "projected"]]  # the layout of the steps' svg


class ReplayRequest(TypedDict):
    op: Literal["replay"]
    scenario: Scenario | str


class OpenRequest(Spoken):
    op: Literal["open"]
    scenario: Scenario | str
    check_names: NotRequired[bool]


class LinkRequest(Spoken):
    op: Literal["open"]
    link: str
    carry: NotRequired[str]
    """The record made for that very link (a ``carry`` answer's): opened without
    reading the link nor replaying it, and answered without the scenario."""


class MoveRequest(Spoken):
    op: Literal["move"]
    action: Action


class QuickRequest(Spoken):
    """``players``: a class's names, seated first; computer players fill the empty seats.
    ``rules``: the game's rules (V-R8), written into its scenario as a scenario writes them.
    ``computers``: false, the names sit alone (no computer player in an empty seat)."""

    op: Literal["quick"]
    deals: NotRequired[int]
    seed: NotRequired[int | str]
    players: NotRequired[list[str]]
    computers: NotRequired[bool]
    rules: NotRequired[Rules | CourtRules | None]


class UndoRequest(Spoken):
    """``to``: back to (and with) the last action of this seat, or of any of these seats."""

    op: Literal["undo"]
    to: NotRequired[str | list[str]]


class EndRequest(Spoken):
    op: Literal["end"]


class BotRequest(Spoken):
    op: Literal["bot"]
    temperament: NotRequired[str]


class StepsRequest(Spoken):
    """Steps ``from`` to ``to`` (excluded, at most 64)."""

    op: Literal["steps"]
    from_: int
    to: int


class StoryRequest(Spoken):
    """The sentences before step ``to``, none before step ``from`` (a deal's start)."""

    op: Literal["story"]
    to: int
    from_: NotRequired[int]


class LedgerRequest(Spoken):
    op: Literal["ledger"]
    from_: int
    to: NotRequired[int]


class ScenarioRequest(Spoken):
    op: Literal["scenario"]


class SummaryWords(TypedDict):
    """The sentences' templates and the exact figures (lansquenet.chart.summary)."""

    templates: dict[str, str]
    expected: dict[str, Any]


class SimulateRequest(Spoken):
    op: Literal["simulate"]
    n: int
    seed: NotRequired[int | str]
    variant: NotRequired[str]
    chart: NotRequired[dict[str, str]]
    """The chart's words (lansquenet.chart.share_chart): the answer then holds ``svg``."""
    summary: NotRequired[SummaryWords]
    """The sentences' templates and the exact figures: the answer then holds ``summary``."""


class LessonRequest(Spoken):
    """A guided lesson replayed with the learner's answers (each a choice's index)."""

    op: Literal["lesson"]
    id: str
    answers: list[int]


class ShortLinkRequest(Spoken):
    """A quick game's short link (lansquenet/quicklink.py): opened, answered as ``open``."""

    op: Literal["short"]
    link: str


class ShortRequest(TypedDict):
    """The open session's short link: ``{short: null}`` when its game has none."""

    op: Literal["short"]


class ShortAnswer(Refusable):
    short: str | None


class CarryRequest(Spoken):
    """The open session's record, for the page in the other language (lansquenet/carry.py)."""

    op: Literal["carry"]
    link: str
    """The link the page shows: the record is made for it, if it holds the session's game."""


class Carried(Refusable):
    carry: str


class RulesRequest(Spoken):
    """The presets of VARIANTS.md and their figures; with ``rules``, the same for those (``chosen``)."""

    op: Literal["rules"]
    rules: NotRequired[Rules | CourtRules | None]


Request: TypeAlias = (
    ReplayRequest
    | OpenRequest
    | LinkRequest
    | MoveRequest
    | QuickRequest
    | UndoRequest
    | EndRequest
    | BotRequest
    | StepsRequest
    | StoryRequest
    | LedgerRequest
    | ScenarioRequest
    | CarryRequest
    | SimulateRequest
    | LessonRequest
    | ShortLinkRequest
    | ShortRequest
    | RulesRequest
)

# --- the engine's step (lansquenet/view.py) ---


class Card(TypedDict):
    """A card as seen: its text in the page's language and its colour."""

    text: str
    colour: Literal["red", "black"]


class SeenCard(Card):
    """A card of a step: its language-free code (``QD``), its rank and suit as seen, its role."""

    code: str
    rank: str
    suit: str
    role: Literal["bank", "players", "exposed", "coupeur", "holder", "turned"]
    """The later game's bank card, players' card, exposed cards; the court game's coupeurs'
    cards, the holder's card, the cards turned (COURT.md)."""


class Odds(TypedDict):
    """The odds of a move (lansquenet.odds.move_odds): fractions as text, e.g. "8/17"."""

    win: str
    per_counter: str


class ChoiceOdds(TypedDict):
    """A move's odds as the lessons' choices carry them (lessons.py ``odds``): the view's."""

    odds: Odds | None
    odds_text: str
    odds_short: str | None
    """The odds at a glance, the engine's: "9 in 17, 53%" (null when nothing is at risk)."""


class Preset(TypedDict):
    amount: int
    kind: str


class Move(ChoiceOdds):
    """A legal move of the player to act (view.py ``moves``)."""

    do: str
    amount: bool
    """Whether the move takes an amount; then its bounds and what a page offers."""
    min: NotRequired[int]
    max: NotRequired[int]
    suggested: NotRequired[int]
    presets: NotRequired[list[Preset]]


class ToAct(TypedDict):
    """Who acts now, and each legal move (null once the game is over)."""

    player: str
    can: list[str]
    moves: list[Move]


class Bank(TypedDict):
    holder: str
    original_holder: str
    amount: int
    sales: int


class Standing(TypedDict):
    place: int
    player: str
    balance: int


class DealCards(TypedDict):
    bank_card: str | None
    players_card: str | None
    exposed: list[str]
    winner: str | None


class CourtCard(TypedDict):
    """A coupeur's card in a coup of the court game (COURT.md, C-6 … C-9, C-17)."""

    player: str
    card: str
    kind: Literal["straight", "double", "triple", "quadruple"]
    stake: int
    """What lies on the card: F, 2F or 4F (0 for a quadruple, which voids the coup)."""
    fate: Literal["won", "paid", "returned"] | None
    """Null while the card is on the table; the holder won it, paid it, or it went back."""


class CourtCoup(TypedDict):
    """The coup on the table (the court game): the coupeurs' cards in a row, A first."""

    holder: str
    fonds: int
    coupeurs: list[CourtCard]
    holder_card: str | None
    turned: list[str]
    end: Literal["made", "lost", "void", "fourth"] | None
    number: int
    """Its number, from 1."""


class Table(TypedDict):
    seats: list[str]
    phase: str
    banker: str | None
    """The banker; in the court game, who holds the hand."""
    uncovered: int | None
    stakes: dict[str, int]
    cards: DealCards | None
    coup: NotRequired[CourtCoup | None]
    """The court game's coup on the table (absent in the later game)."""


class State(TypedDict):
    """The table's state at a step (table.py ``view_json``): what the diagram draws."""

    status: Literal["awaiting", "dealing", "finished"]
    to_act: ToAct | None
    balances: dict[str, int]
    bank: Bank | None
    stakes: NotRequired[dict[str, int]]
    standings: NotRequired[list[Standing] | None]
    """The players ranked, once the game is over (R-F1); ties share a place."""
    holder: NotRequired[str | None]
    """The court game: who holds the hand (null once finished)."""
    fonds: NotRequired[int]
    """The court game: F, the stake of a straight card (C-3)."""
    table: Table


class Row(TypedDict):
    """A player's row in the balances: counters, stake, signed change since the step before."""

    player: str
    balance: int
    stake: int
    change: int
    change_text: str
    banker: bool
    acting: bool


class Event(TypedDict):
    """What happened at a step: its code, and its fields (CONFORMANCE.md's events)."""

    code: str


class Change(TypedDict):
    player: str
    change: int
    text: str


class Result(TypedDict):
    changes: list[Change]
    line: str


class Say(TypedDict):
    table: str
    counters: str
    moves: str
    odds: str


class CoachCard(TypedDict):
    """A coupeur's card still on the table and its exact chance of coming before the
    holder's (court_odds.chances), as a fraction and in words."""

    player: str
    card: str
    before: str
    text: str


class CourtCoach(TypedDict):
    """The coach of the court game at a step (view.py ``court_coach``): each coupeur's
    chance that his card comes before the holder's, the holder's chances of making and
    of keeping the hand (fractions as text), and the sentence that says them."""

    cards: list[CoachCard]
    make: str
    keep: str
    text: str


class NarratedStep(TypedDict):
    """One step, display-ready (view.py ``step_view``, with its index), as a lesson tells it."""

    index: int
    event: Event
    text: str
    state: State
    cards: list[SeenCard]
    rows: list[Row]
    bank: int | None
    result: Result | None
    say: NotRequired[Say | None]
    """What the croupier's keys answer (view.py croupier): T, S, M and O."""
    coach: NotRequired[CourtCoach | None]
    """The court game's coach at this step (null when the coup is decided or the game over)."""


class Step(NarratedStep):
    """One step as a session's answers carry it: with its diagram."""

    svg: str
    """The diagram, SVG the engine wrote (read with engine.js parseSvg)."""
    drawing: Literal["page", "projected"]
    """Its layout: the request's ``drawing`` (lansquenet.diagram.LAYOUTS)."""


class LedgerRow(TypedDict):
    """A played deal, a row of the ledger (view.py ``ledger_row``); in the court game a
    coup (view.py ``court_ledger_row``: ``banker`` the holder, ``bank`` the fonds F,
    ``winner`` how it ended: made, lost, void, fourth)."""

    number: int
    banker: str
    bank: int
    cards: list[Card]
    winner: str
    opening_pair: bool
    change: dict[str, int]
    changes: dict[str, str]
    end_text: NotRequired[str]
    """The court game: how the coup ended, in words."""


# --- answers ---


class Position(Refusable):
    """Where the session stands (web.py, "A position"): what is new since step ``from``.
    The story is its first ``from`` sentences, then ``texts``, then ``step.text``."""

    count: int
    actions: int
    deals: int
    ended: bool
    from_: int
    texts: list[str]
    deal_starts: list[tuple[int, int]]
    """``[step, deal]``: where a deal of the story begins, among the new steps."""
    step: Step
    reasons: dict[str, str]
    """Step index (as text) -> the reason of the computer player's move it starts."""
    said: str | None
    undo: bool
    played: list[Action]
    ledger: list[LedgerRow]


class Refused(TypedDict):
    index: int
    action: Action
    code: str
    message: str


class Opened(Position):
    """An ``open`` (or ``quick``) answer: a position with the session's scenario."""

    scenario: Scenario
    refused: NotRequired[Refused]


class LinkOpened(Position):
    """An ``open`` answer to a link: :class:`Opened`, but for a game opened with its
    record (``carried``), which leaves the scenario out: it is exactly the link's."""

    scenario: NotRequired[Scenario]
    carried: NotRequired[Literal[True]]
    refused: NotRequired[Refused]


class Undone(Position):
    undone: int


class StepsAnswer(Refusable):
    count: int
    steps: list[Step]


class StoryAnswer(Refusable):
    count: int
    from_: int
    texts: list[str]
    reasons: dict[str, str]


class LedgerAnswer(Refusable):
    ledger: list[LedgerRow]
    deals: int


class ScenarioAnswer(Refusable):
    scenario: Scenario


class Share(TypedDict):
    """A share, as a fraction's text and as a float."""

    fraction: str
    float: float


class Simulation(Refusable):
    """The seeded simulation (lansquenet.odds.simulation_json), its chart and sentences."""

    deals: int
    bank_share: Share
    """The bank's share of the deals won."""
    svg: NotRequired[str]
    svg_projected: NotRequired[str]
    """The same chart drawn for the room (lansquenet.chart.PROJECTED)."""
    summary: NotRequired[tuple[str, str]]
    """The two sentences under the chart (lansquenet.chart.summary)."""
    variant: NotRequired[str]
    edge: NotRequired[Share]
    """The variant's simulated edge (lansquenet.odds.variant_sim_edge)."""


class Question(TypedDict):
    """A lesson's question: what to ask, the choices, each choice's odds if it is a move."""

    ask: str
    choices: list[str]
    player: str
    odds: list[ChoiceOdds | None] | None


class Lesson(Refusable):
    """A lesson replayed (lansquenet.lessons.run): the last answer judged."""

    id: str
    accepted: bool | None
    refusal: str | None
    message: str | None
    steps: list[NarratedStep]
    state: State | None
    """The table now, as the last step left it (null when no step was played)."""
    svg: str | None
    """Its diagram (null when the table did not change)."""
    question: Question | None
    answered: int
    done: bool
    summary: str | None


class RuledFigures(TypedDict):
    """A rule set's figures (web.py ``rules``; lansquenet.odds): exact fractions as text."""

    rules: Rules | None
    """As a scenario writes them: a preset by its name, else the parameters; null for the standard game."""
    cards: int
    opening_pair: str
    edge: str
    """The bank's edge per counter covered by even stakes."""
    edge_text: str
    """The edge exactly and as a percentage, in the request's language: "1/34 ≈ 2.9%"."""


class PresetFigures(RuledFigures):
    name: Variant
    sources: list[str]
    """VARIANTS.md's source ids ("RULES" for RULES.md)."""
    year: int | None


class ChosenFigures(RuledFigures):
    preset: Variant | None
    """The preset whose parameters they are: null is a mix, not a historical variant."""


class GameFigures(TypedDict):
    """Another game's rules (COURT.md, C-16) and the figure its entry names (web.py ``rules``;
    lansquenet.games ``Game.edge``): exact fractions as text."""

    game: Literal[COURT_ID]  # type: ignore[valid-type]
    rules: CourtRules
    """As a scenario writes them: the game and its fonds."""
    preset: None
    edge: str
    """For the court game: the holder's gain over a whole hand, in F, four at the table (C-13, C-15)."""
    edge_text: str
    """The figure exactly and as a percentage, in the request's language."""


class RulesAnswer(Refusable):
    presets: list[PresetFigures]
    chosen: NotRequired[ChosenFigures | GameFigures]
    """For the request's ``rules``."""


class Replayed(Refusable):
    """The replay of the command line (``python -m lansquenet replay``): a state, or a refusal."""


# Objects that may hold more keys than they declare.
OPEN_ENDED: frozenset[object] = frozenset({Odds, Event, Simulation, Replayed})

# Each request and its answer, in the order a page's type asks (a request that holds
# another's keys, ShortLinkRequest's of ShortRequest, comes first).
ANSWERS: tuple[tuple[tuple[object, ...], object], ...] = (
    ((ReplayRequest,), Replayed),
    ((OpenRequest, QuickRequest, ShortLinkRequest), Opened),
    ((LinkRequest,), LinkOpened),
    ((ShortRequest,), ShortAnswer),
    ((UndoRequest,), Undone),
    ((MoveRequest, EndRequest, BotRequest), Position),
    ((StepsRequest,), StepsAnswer),
    ((StoryRequest,), StoryAnswer),
    ((LedgerRequest,), LedgerAnswer),
    ((ScenarioRequest,), ScenarioAnswer),
    ((CarryRequest,), Carried),
    ((SimulateRequest,), Simulation),
    ((LessonRequest,), Lesson),
    ((RulesRequest,), RulesAnswer),
)
REQUESTS: tuple[object, ...] = Request.__args__
OPS: tuple[str, ...] = tuple(dict.fromkeys(kind.__annotations__["op"].__args__[0] for kind in REQUESTS))

# --- the worker's messages (engine-worker.mjs's protocol) ---


class ToWorker(TypedDict):
    """page -> worker: a request's JSON text, and its id."""

    id: int
    request: str


Progress: TypeAlias = Literal[
    "runtime", "starting", "restoring", "engine", "ready", "kept", "failed", "offline"
]
"""The worker's loading stages, as engine.js reports them."""


class FromWorker(TypedDict):
    """worker -> page: an answer's JSON text (none once Python could not start: the page
    answers the requests still waiting with the failure its progress says), or how
    Python's start goes (``progress``: bytes so far for "runtime", ``from`` for "ready",
    ``kept`` once a snapshot is kept, ``error`` for "failed")."""

    id: NotRequired[int]
    response: NotRequired[str]
    error: NotRequired[str]
    progress: NotRequired[Progress]
    loaded: NotRequired[int]
    total: NotRequired[int]
    from_: NotRequired[Literal["snapshot", "build-snapshot", "plain"]]
    refused: NotRequired[bool]
    """"ready": a snapshot was to be restored, could not be, and Python started plainly."""
    kept: NotRequired[bool]
