"""The system auditor: where a system's robots, bidding all four seats, lose the most.

    audit_run = audit(generated_boards(1000, seed=7), sayc, jobs=2)
    print(audit_text(audit_run))                      # class, count, per 1,000, examples

Each board is bid by four robots of one system (simulate's machinery), scored double dummy
(the results' tricks table and par), and checked against a few classes of plain mistakes,
each a finding with the rule at fault (file:line). A designer reads the table from the top:
the classes with most boards per thousand are the holes worth filling first.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from bidding.model.board import Board
from bidding.model.calls import Strain
from bidding.model.cards import Seat, Suit
from bidding.model.evaluation import ACES, hcp, is_balanced, points
from bidding.model.files import atomic_write
from bidding.model.scoring import contract_score
from bidding.engine.explain import Explanation, explain
from bidding.engine.rules import FORCING_VALUES, GAME_LEVEL, reaches_game
from bidding.engine.system import BiddingSystem
from bidding.laboratory.reports import STYLE, bar_chart, deal_html, escape, html_table
from bidding.laboratory.results import BoardResult, TableRun
from bidding.laboratory.simulate import Runner, bid_board, local_or, short_source

PASSED_OUT = "passed out"
MISSED_GAME = "missed game"
MISSED_SLAM = "missed slam"
SLAM_OFF_ACES = "slam off two aces"
MINOR_GAME = "minor game, 3NT makes"
BAD_SACRIFICE = "doubled, down 3+"
FORCING_PASS = "forcing call passed"
OFF_TREE = "off the tree"

CLASSES = (
    (PASSED_OUT, "a hand of 20+ HCP in a deal passed out", False),
    (MISSED_GAME, "26+ HCP with an 8-card fit (or both balanced, 25+), a game of ours makes "
                  "double dummy, we stopped below game", True),
    (MISSED_SLAM, "33+ HCP, a slam of ours makes double dummy, we stopped below slam", True),
    (SLAM_OFF_ACES, "we bid a slam holding at most two aces", False),
    (MINOR_GAME, "we played 5C or 5D and 3NT by our side makes double dummy", True),
    (BAD_SACRIFICE, "doubled and down three or more, worse than letting the opponents' best "
                    "contract make", True),
    (FORCING_PASS, "a pass of partner's forcing call (the right-hand opponent passed)", False),
    (OFF_TREE, "a call made off the system's tree (its fallback, no rule)", False),
)
"""Each class: its name, what it means, and whether it needs double dummy."""

NO_RULE = "no rule"
EXAMPLES_SHOWN = 2


@dataclass(frozen=True)
class Finding:
    """One mistake of a class on a board: the call at fault (its index in the auction), the
    rule behind it (`file:line`, or `no rule`) and a short note (the figures that put the
    board in the class, or the situation without agreement)."""

    kind: str
    result: BoardResult
    call: int
    rule: str
    note: str

    @property
    def run(self) -> TableRun:
        return self.result.tables[0]


@dataclass
class Audit:
    """An audit's findings, with what produced them."""

    system: str
    boards: int
    findings: list[Finding]
    double_dummy: bool
    seconds: float = 0.0
    origin: str = ""

    def of(self, kind: str) -> list[Finding]:
        return [finding for finding in self.findings if finding.kind == kind]

    def counts(self) -> dict[str, int | None]:
        """Findings per class, in CLASSES order; None for a class that needs double dummy
        when the audit ran without it."""
        found = Counter(finding.kind for finding in self.findings)
        return {kind: (None if needs_dd and not self.double_dummy else found[kind])
                for kind, _, needs_dd in CLASSES}

    def off_tree_situations(self) -> list[tuple[str, list[Finding]]]:
        """The calls made off the tree grouped by auction situation, most frequent first."""
        groups: dict[str, list[Finding]] = {}
        for finding in self.of(OFF_TREE):
            groups.setdefault(finding.note, []).append(finding)
        return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


# --- one board -------------------------------------------------------------------------------
def _side(seat: int) -> int:
    return seat % 2


def _side_hcp(board: Board, side: int) -> int:
    return hcp(board.deal[Seat(side)]) + hcp(board.deal[Seat(side + 2)])


def _side_tricks(result: BoardResult, side: int, strain: int) -> int:
    return max(result.dd[side][strain], result.dd[side + 2][strain])


def _target(level: int, strain: int) -> int:
    """The level aimed at in `strain`: `level`, or game when higher (level 0: game)."""
    return max(level, GAME_LEVEL[strain])


def _makes(result: BoardResult, side: int, level: int) -> list[str]:
    """The contracts at _target(level) that `side` makes double dummy (`4S`, `3NT`)."""
    return [f"{_target(level, strain)}{strain.letter}" for strain in Strain
            if _side_tricks(result, side, strain) >= _target(level, strain) + 6]


def _rule_at(run: TableRun, index: int) -> str:
    source = run.rules[index] if index < len(run.rules) else None
    return NO_RULE if source is None else short_source(str(source))


def _last_call_of(run: TableRun, side: int) -> int:
    auction = run.auction
    return max(index for index in range(len(auction.calls)) if _side(auction.seat_of(index)) == side)


def _last_bid_index(run: TableRun) -> int:
    calls = run.auction.calls
    return max(index for index, call in enumerate(calls) if call.is_bid)


def _stopped_below(run: TableRun, side: int, level: int) -> bool:
    """Passed out, our contract below _target(level), or theirs undoubled: we stopped."""
    contract = run.contract
    if contract is None:
        return True
    if _side(contract.declarer) == side:
        return contract.level < _target(level, contract.strain)
    return contract.doubled == 0


def _longest_fit(board: Board, side: int) -> int:
    return max(board.deal[Seat(side)].length(suit) + board.deal[Seat(side + 2)].length(suit)
               for suit in Suit)


def passed_out(result: BoardResult) -> list[Finding]:
    run = result.tables[0]
    if run.contract is not None:
        return []
    strongest = max(Seat, key=lambda seat: hcp(result.board.deal[seat]))
    strength = hcp(result.board.deal[strongest])
    if strength < 20:
        return []
    index = next(i for i in range(4) if run.auction.seat_of(i) == strongest)
    return [Finding(PASSED_OUT, result, index, _rule_at(run, index),
                    f"{strongest.name.lower()} passed {strength} HCP")]


def _game_values(board: Board, side: int) -> str | None:
    """Why `side` should be in game (26+ HCP and an 8-card fit, or 25+ both balanced)."""
    combined, fit = _side_hcp(board, side), _longest_fit(board, side)
    if combined >= 26 and fit >= 8:
        return f"{combined} HCP, {fit}-card fit"
    if combined >= 25 and all(is_balanced(board.deal[Seat(side + offset)]) for offset in (0, 2)):
        return f"{combined} HCP, both balanced"
    return None


def _slam_values(board: Board, side: int) -> str | None:
    combined = _side_hcp(board, side)
    return f"{combined} HCP" if combined >= 33 else None


def _missed(result: BoardResult, kind: str, level: int,
            values: Callable[[Board, int], str | None]) -> list[Finding]:
    """A finding for each side with the values (`values` says why, or None) whose contract
    at _target(level) makes double dummy, when it stopped below: the side's last call is at
    fault."""
    run = result.tables[0]
    found = []
    for side in (0, 1):
        why = values(result.board, side)
        made = _makes(result, side, level) if why else []
        if made and _stopped_below(run, side, level):
            index = _last_call_of(run, side)
            found.append(Finding(kind, result, index, _rule_at(run, index),
                                 f"{why}; {', '.join(made)} makes"))
    return found


def missed_games(result: BoardResult) -> list[Finding]:
    return _missed(result, MISSED_GAME, 0, _game_values)


def missed_slams(result: BoardResult) -> list[Finding]:
    return _missed(result, MISSED_SLAM, 6, _slam_values)


def slams_off_aces(result: BoardResult) -> list[Finding]:
    run, board = result.tables[0], result.board
    contract = run.contract
    if contract is None or contract.level < 6:
        return []
    side = _side(contract.declarer)
    aces = sum(points(board.deal[Seat(side + offset)], ACES) for offset in (0, 2))
    if aces > 2:
        return []
    index = _last_bid_index(run)
    return [Finding(SLAM_OFF_ACES, result, index, _rule_at(run, index),
                    f"{run.contract_text} with {aces} aces")]


def minor_games(result: BoardResult) -> list[Finding]:
    run = result.tables[0]
    contract = run.contract
    if contract is None or contract.level != 5 or contract.strain > Strain.DIAMONDS:
        return []
    side = _side(contract.declarer)
    if _side_tricks(result, side, Strain.NOTRUMP) < 9:
        return []
    index = _last_bid_index(run)
    return [Finding(MINOR_GAME, result, index, _rule_at(run, index),
                    f"{run.contract_text} by {contract.declarer.letter}, {run.tricks} tricks; "
                    f"3NT takes {_side_tricks(result, side, Strain.NOTRUMP)}")]


def best_score(result: BoardResult, side: int) -> int:
    """The most `side` scores in a contract it makes undoubled double dummy (0 if none)."""
    board, best = result.board, 0
    for declarer in (Seat(side), Seat(side + 2)):
        vulnerable = board.vulnerability.is_vulnerable(declarer)
        for strain in Strain:
            tricks = result.dd[declarer][strain]
            for level in range(1, tricks - 5):
                best = max(best, contract_score(level, strain, 0, vulnerable, tricks))
    return best


def bad_sacrifices(result: BoardResult) -> list[Finding]:
    run = result.tables[0]
    contract = run.contract
    if contract is None or not contract.doubled or run.tricks > contract.level + 3:
        return []
    side = _side(contract.declarer)
    score = run.score_ns if side == 0 else -run.score_ns
    theirs = best_score(result, 1 - side)
    if score >= -theirs:
        return []
    index = _last_bid_index(run)
    return [Finding(BAD_SACRIFICE, result, index, _rule_at(run, index),
                    f"{run.contract_text} by {contract.declarer.letter} down "
                    f"{contract.level + 6 - run.tricks}: {score}; the opponents' best "
                    f"{theirs}")]


def forcing_passes(result: BoardResult, system: BiddingSystem) -> list[Finding]:
    """Passes by a player whose partner's last call forced (meant and heard so: see
    _forcing; one round, or to game and game not reached: a game-forcing call below game
    starts the force, any game bid ends it, as in the interpreter), the right-hand opponent
    having passed; forcing passes and passes of the opponents' contract doubled by us are
    not counted."""
    run = result.tables[0]
    explanations = explain(run.auction, system, system)
    game_forced = [False, False]
    found = []
    for index, made in enumerate(explanations):
        side = _side(made.seat)
        game_bid = reaches_game(made.call)
        if game_bid:
            game_forced = [False, False]
        if (index >= 2 and made.call.is_pass and not made.forcing_pass
                and explanations[index - 1].call.is_pass
                and not _doubled_by(run, index, side)
                and (_forcing(explanations[index - 2], run) == "yes" or game_forced[side])):
            partner = explanations[index - 2]
            found.append(Finding(FORCING_PASS, result, index, _rule_at(run, index),
                                 f"passed {partner.call} ({partner.forcing_text or 'game forced'})"))
        if _forcing(made, run) == "game" and not game_bid:
            game_forced[side] = True
    return found


def _forcing(made: Explanation, run: TableRun) -> str:
    """What a call forced: the weaker of what its robot meant (the forcing of the rule it
    followed, when that rule is among those the explanation matched) and what partner heard
    (the explanation's: game only if every rule making the call forces to game). A call
    that one rule makes game forcing and another forcing for a round forces partner for one
    round: he cannot know more."""
    source = run.rules[made.index] if made.index < len(run.rules) else None
    followed = [rule.forcing for rule in made.rules if rule.source == source]
    if not followed:
        return made.forcing
    return min(followed[0], made.forcing, key=FORCING_VALUES.index)


def _doubled_by(run: TableRun, index: int, side: int) -> bool:
    """The opponents' last bid before `index` stands doubled by `side`."""
    calls = run.auction.calls[:index]
    for position in range(len(calls) - 1, -1, -1):
        if not calls[position].is_pass:
            return calls[position].is_double and _side(run.auction.seat_of(position)) == side
    return False


def off_tree(result: BoardResult) -> list[Finding]:
    run = result.tables[0]
    return [Finding(OFF_TREE, result, index, NO_RULE, situation)
            for index, situation in run.no_agreement]


def audit_board(result: BoardResult, system: BiddingSystem) -> tuple[Finding, ...]:
    """Every finding of a board bid at one table (by `system`'s robots), in CLASSES order;
    the double-dummy classes only when the result has double dummy."""
    findings = passed_out(result)
    if result.dd is not None:
        findings += missed_games(result) + missed_slams(result)
    findings += slams_off_aces(result)
    if result.dd is not None:
        findings += minor_games(result) + bad_sacrifices(result)
    return tuple(findings + forcing_passes(result, system) + off_tree(result))


def audit(boards: Sequence[Board], system: BiddingSystem, double_dummy: bool = True,
          jobs: int = 1, progress: Callable[[int, int], None] | None = None,
          runner: Runner | None = None) -> Audit:
    """Bid every board with `system` at all four seats and collect the findings (on `jobs`
    local processes unless a `runner` is given)."""
    started = time.perf_counter()

    def task(board: Board) -> tuple[Finding, ...]:
        return audit_board(bid_board(board, system, None, double_dummy), system)

    findings = [finding for found in local_or(runner, jobs)(task, boards, progress=progress)
                for finding in found]
    return Audit(system.name, len(boards), findings, double_dummy,
                 time.perf_counter() - started)


# --- reports ---------------------------------------------------------------------------------
AUDIT_FILES = ("report.txt", "report.html")


def _per_thousand(count: int | None, boards: int) -> str:
    return "-" if count is None or not boards else f"{1000 * count / boards:.1f}"


def _at_fault(finding: Finding) -> str:
    """`S's Pass (conventions/...:28)`: the call at fault and its rule."""
    auction = finding.run.auction
    return f"{auction.seat_of(finding.call).letter}'s {auction.calls[finding.call]} " \
           f"({finding.rule})"


def _example_lines(finding: Finding) -> list[str]:
    board, run = finding.result.board, finding.run
    result = "" if run.tricks is None or run.contract is None else f", {run.tricks} tricks"
    return [f"    {board.heading}: {board.deal.pbn(board.dealer)}",
            f"      {run.auction or '(no calls)'} -> {run.contract_text}{result}",
            f"      {finding.note}; at fault {_at_fault(finding)}"]


def audit_text(run: Audit, examples: int | None = EXAMPLES_SHOWN) -> str:
    """The table (class, count, per 1,000 boards), then examples of each class (`examples`
    of each, None for all) and the calls off the tree by situation."""
    counts = run.counts()
    lines = [f"Audit of {run.system}: {run.boards} boards from {run.origin or 'generated deals'}, "
             f"{'with' if run.double_dummy else 'without'} double dummy ({run.seconds:.1f} s)", "",
             f"  {'class':<24} {'count':>6} {'per 1,000':>10}"]
    for kind, _, _ in CLASSES:
        count = counts[kind]
        lines.append(f"  {kind:<24} {'-' if count is None else count:>6} "
                     f"{_per_thousand(count, run.boards):>10}")
    if not run.double_dummy:
        lines.append("  (-: needs double dummy)")
    for kind, meaning, _ in CLASSES:
        found = run.of(kind)
        if not found or kind == OFF_TREE:
            continue
        lines += ["", f"{kind}: {meaning}"]
        for finding in found[:examples]:
            lines += _example_lines(finding)
    situations = run.off_tree_situations()
    if situations:
        lines += ["", f"{OFF_TREE}, by situation:"]
        for situation, found in situations[:None if examples is None else 20]:
            board = found[0].result.board
            lines.append(f"  {len(found):>6}  {situation}  (e.g. board {board.number}: "
                         f"{found[0].run.auction})")
    return "\n".join(lines)


def audit_html(run: Audit) -> str:
    """A self-contained page: the table, then every finding of each class with the deal as
    a diagram, the auction and the rule at fault."""
    counts = run.counts()
    title = f"Audit of {run.system}"
    out = [f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>'
           f'{escape(title)}</title><style>{STYLE}</style></head><body>',
           f"<h1>{escape(title)}</h1>",
           f"<p>{run.boards} boards from {escape(run.origin or 'generated deals')}, "
           f"{'with' if run.double_dummy else 'without'} double dummy.</p>",
           bar_chart([(kind[:10], count) for kind, count in counts.items() if count],
                     "Findings by class"),
           html_table(["class", "count", "per 1,000 boards", "meaning"],
                      [[kind, "-" if counts[kind] is None else counts[kind],
                        _per_thousand(counts[kind], run.boards), meaning]
                       for kind, meaning, _ in CLASSES], {1, 2})]
    for kind, meaning, _ in CLASSES:
        found = run.of(kind)
        if not found:
            continue
        out.append(f"<h2>{escape(kind)} ({len(found)})</h2><p class=\"muted\">"
                   f"{escape(meaning)}</p>")
        if kind == OFF_TREE:
            out.append(html_table(["calls", "situation", "example"], [
                [len(group), situation, f"board {group[0].result.board.number}: "
                                        f"{group[0].run.auction}"]
                for situation, group in run.off_tree_situations()], {0}))
            continue
        for finding in found:
            table = finding.run
            out.append(deal_html(finding.result.board))
            out.append(f"<p>{escape(table.auction or '(no calls)')} &rarr; "
                       f"<b>{escape(table.contract_text)}</b>"
                       f"{'' if table.tricks is None else f', {table.tricks} tricks'}<br>"
                       f"{escape(finding.note)}; at fault {escape(_at_fault(finding))}</p>")
    out.append("</body></html>\n")
    return "\n".join(out)


def write_audit(run: Audit, directory: Path | str) -> None:
    """The AUDIT_FILES in `directory` (an OutputFolder's temporary folder)."""
    folder = Path(directory)
    atomic_write(folder / "report.txt", (audit_text(run, examples=None) + "\n").encode("utf-8"))
    atomic_write(folder / "report.html", audit_html(run).encode("utf-8"))
