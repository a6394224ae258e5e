"""The games and their presets, declared once (lansquenet.games, issue 51): everything
else reads that declaration, and one suite runs over each entry, as python-chess runs
its tests over every ``chess.variant`` board.

- Each preset (V-R3) reads back as itself, records itself by its id, plays a quick game
  to its end, keeps its short link's letter (V-R8) and has its odds (§3); the bridge's
  types, the odds' variants and the quick links' letters are the registry's.
- A preset's or a game's id is written in at most three files of ``engine/``,
  ``site_plugins/``, ``docs/assets/`` and ``types/`` together (its declaration and the
  generated types), and in no page's Markdown: a page names a preset by its rules
  (``{{ variant(6x52).id }}``, site_plugins/lansquenet_site/odds_page.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import typing
from pathlib import Path

import pytest

from lansquenet import Refusal, bots, games, odds, protocol, quicklink, variants
from lansquenet.session import Session
from lansquenet.table import Table
from lansquenet.web import handle

REPO = Path(__file__).resolve().parents[2]
FOLDERS = ("engine", "site_plugins", "docs/assets", "types")
MOST_FILES = 3  # issue 51: its declaration, the generated types, and one more at most
PRESETS = games.DEFAULT.presets
IDS = [p.id for p in PRESETS]


def tracked(*folders: str) -> list[Path]:
    """The files under ``folders`` git tracks or would (not those it ignores)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *folders],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.decode()
    names = dict.fromkeys(name for name in listed.split("\0") if name)  # once each, even mid-merge
    return [REPO / name for name in names if (REPO / name).is_file()]


def written(ident: str) -> re.Pattern[str]:
    """Where text writes the id ``ident``: a name with an underscore wherever it stands
    as a word; a plain word (``standard``) only as a value, quoted or after ``=``
    (``"standard"``, ``#rules=standard``), not in prose."""
    if re.fullmatch(r"[a-z]+", ident):
        return re.compile(rf"(?<=[\"'`=]){re.escape(ident)}(?![\w-])")
    return re.compile(rf"(?<![\w-]){re.escape(ident)}(?![\w-])")


ALL_IDS = [*games.GAME_IDS, *games.PRESET_IDS]


@pytest.mark.parametrize("ident", ALL_IDS)
def test_an_id_is_written_in_at_most_three_files_and_in_no_page(ident: str) -> None:
    pattern = written(ident)
    files = [
        path.relative_to(REPO).as_posix()
        for path in tracked(*FOLDERS)
        if path.suffix not in {".png", ".woff2", ".ico"}
        and pattern.search(path.read_text("utf-8", "replace"))
    ]
    assert "engine/lansquenet/games.py" in files
    assert len(files) <= MOST_FILES, files
    pages = [
        path.relative_to(REPO).as_posix()
        for path in tracked("docs")
        if path.suffix == ".md" and pattern.search(path.read_text("utf-8"))
    ]
    assert pages == []


def test_the_test_finds_an_id_where_it_is_written() -> None:
    """The search above is no blind one: it finds the forms a page or a script would use."""
    six = written(IDS[2])
    assert six.search(f'<a href="../play/#rules={IDS[2]}">') and six.search(
        f"{{{{ variant.{IDS[2]}.play }}}}"
    )
    standard = written(IDS[0])
    assert standard.search(f'const STANDARD = "{IDS[0]}";') and standard.search(f"#rules={IDS[0]}")
    assert not standard.search(f"the {IDS[0]} game") and not standard.search(f"{IDS[0]}-game")


def test_the_registry_is_what_the_rules_reader_odds_links_and_types_read() -> None:
    assert list(variants.PRESETS) == IDS  # V-R3, the standard game first
    assert variants.PRESETS[IDS[0]] is variants.STANDARD
    assert [v.name for v in odds.VARIANTS] == IDS[1:]  # every preset but the standard game
    assert [p.name for p in odds.preset_odds()] == IDS
    assert typing.get_args(protocol.Variant) == tuple(IDS)  # -> types/bridge.d.ts
    assert quicklink.PRESET_LETTERS == {p.id: p.letter for p in PRESETS[1:]}
    assert len({p.letter for p in PRESETS}) == len(PRESETS)  # a letter names one preset
    assert games.registry()["games"][0]["presets"][2]["parameters"] == dict(PRESETS[2].parameters)
    assert games.game(None) is games.DEFAULT and games.game("no such game") is None


def test_a_game_reads_its_rules_through_its_declared_reader() -> None:
    assert games.DEFAULT.read({"variant": IDS[3]}) is variants.PRESETS[IDS[3]]
    assert games.DEFAULT.read(None) is variants.STANDARD


@pytest.mark.parametrize("preset", PRESETS, ids=IDS)
def test_V_R3_each_preset_reads_back_records_itself_and_matches_its_parameters(preset: games.Preset) -> None:
    rules = variants.read({"variant": preset.id})
    assert rules is variants.PRESETS[preset.id]
    assert rules.record() == (None if not preset.parameters else {"variant": preset.id})
    # Its parameters spelt out are the same game (V-R4), recorded as the preset.
    spelt = variants.read(dict(preset.parameters))
    assert spelt.parameters() == rules.parameters()
    assert variants.SOURCES[preset.id] == preset.sources and variants.YEARS[preset.id] == preset.year


@pytest.mark.parametrize("preset", PRESETS, ids=IDS)
def test_V_R8_each_preset_plays_a_quick_game_and_its_short_link_replays_it(preset: games.Preset) -> None:
    rules = None if not preset.parameters else {"variant": preset.id}
    scenario = bots.quick_game(5, 3, ["Zoé"], rules)
    session = Session(scenario)
    while session.table.to_act is not None:
        table = session.table
        seat = table.to_act
        assert seat is not None and isinstance(table, Table)
        player = table.players[seat]
        temperament = scenario["computer"].get(player, "bold")
        move, _, _ = bots.decide(table, seat, temperament, bots.generator(5, len(session)))
        session.push(move)
    assert session.table.rules is variants.PRESETS[preset.id]
    text = quicklink.text_of(session)
    assert text is not None and text.endswith("!" + preset.letter if preset.letter else "~Zo%C3%A9")
    assert quicklink.scenario_of(text) == session.scenario()


@pytest.mark.parametrize("preset", PRESETS, ids=IDS)
def test_each_preset_has_its_odds_and_the_bridge_names_it(preset: games.Preset) -> None:
    answer = json.loads(handle(json.dumps({"op": "rules", "rules": dict(preset.parameters), "lang": "en"})))
    assert answer["chosen"]["preset"] == preset.id  # its parameters name it (the play page's "Custom")
    listed = {p["name"]: p for p in answer["presets"]}
    assert listed[preset.id]["sources"] == list(preset.sources) and listed[preset.id]["year"] == preset.year
    ruled = variants.PRESETS[preset.id]
    assert answer["chosen"]["edge"] == str(odds.rules_edge(odds.rules_pack(ruled), ruled.share))


OTHER_GAMES = games.GAMES[1:]


@pytest.mark.parametrize("game", OTHER_GAMES, ids=[g.id for g in OTHER_GAMES])
def test_C_16_each_other_game_reads_its_settings_within_their_declared_bounds(game: games.Game) -> None:
    plain = games.read({"game": game.id})
    assert plain.record() == {"game": game.id, **{s.key: s.default for s in game.settings}}
    for setting in game.settings:
        assert getattr(games.read({"game": game.id, setting.key: setting.most}), setting.key) == setting.most
        for wrong in (setting.least - 1, setting.most + 1, str(setting.default)):
            with pytest.raises(Refusal) as refused:
                games.read({"game": game.id, setting.key: wrong})
            assert refused.value.code == "invalid_rules"
    with pytest.raises(Refusal) as refused:  # C-16.4: the later game's keys are not its
        games.read({"game": game.id, "variant": IDS[0]})
    assert refused.value.code == "invalid_rules"


def test_C_16_a_game_no_entry_declares_is_an_unknown_variant() -> None:
    for name in ("whist", games.DEFAULT.id):
        with pytest.raises(Refusal) as refused:
            games.read({"game": name})
        assert refused.value.code == "unknown_variant"
    with pytest.raises(Refusal) as refused:
        games.read({"game": 7})
    assert refused.value.code == "invalid_rules"
