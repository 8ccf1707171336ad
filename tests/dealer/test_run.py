"""The run loop: stream order, exact stop at produce/generate, actions in dealer's order."""
import glob
import io
import re
import shutil
import subprocess

import pytest

from bidding.model.cards import Hand

from dealer import compile_hand_condition, compile_program, deals
from dealer.generate import DealStream
from dealer.run import RunOptions, run_program

EXAMPLES = sorted(glob.glob("/usr/share/doc/dealer/examples/Descr.*"))
DEALER = shutil.which("dealer", path="/usr/games")


def run(text: str, **options) -> tuple[str, object]:
    out = io.StringIO()
    result = run_program(compile_program(text), RunOptions(**options), out)
    return out.getvalue(), result


def trailer(text: str) -> tuple[int, int]:
    generated = int(re.search(r"Generated (\d+) hands", text).group(1))
    produced = int(re.search(r"Produced (\d+) hands", text).group(1))
    return generated, produced


def test_stops_exactly_at_produce_counting_up_to_the_last_deal():
    condition = "hcp(north) >= 16"
    text, result = run(f"produce 7\ncondition {condition}\naction printes(hcp(north), \\n)",
                       seed=11, rng="dealer")
    assert trailer(text) == (result.generated, 7)
    values = [int(v) for v in text.splitlines()[:7]]
    assert all(v >= 16 for v in values)
    # replay the same stream deal by deal: the 7th strong hand is the last deal generated
    stream = DealStream(11, rng="dealer")
    strong = compile_hand_condition("hcp >= 16")
    seen = []
    for number in range(1, result.generated + 1):
        row = stream.next_batch(1)[0]
        hand = Hand(sum(1 << c for c in range(52) if row[c] == 0))
        if strong(hand):
            seen.append((number, compile_hand_condition("hcp").value(hand)))
    assert len(seen) == 7 and seen[-1][0] == result.generated
    assert [v for _, v in seen] == values


def test_stops_exactly_at_generate():
    text, result = run("generate 1234\ncondition hcp(north) > 30\naction printall", seed=3)
    assert trailer(text) == (1234, result.produced)
    assert result.produced < 40


def test_default_produce_is_40_when_printing_else_the_generate_limit():
    text, result = run("generate 5000\naction printoneline", seed=1)
    assert trailer(text) == (40, 40)
    text, result = run("generate 5000\naction average hcp(north)", seed=1)
    assert trailer(text) == (5000, 5000)
    text, result = run("generate 300", seed=1)
    assert trailer(text) == (40, 40)


def test_switches_override_the_script():
    text, _ = run("generate 100000\nproduce 50\naction average hcp(south)", seed=1,
                  generate=700, produce=9)
    assert trailer(text) == (9, 9)


def test_per_deal_actions_in_written_order_and_statistics_at_the_end():
    text, _ = run('produce 3\naction printes("a", hcp(north) >= 0, \\n), average "n" 2 * 3, '
                  'printes("b", \\n)', seed=5)
    assert text.splitlines()[:7] == ["a1", "b", "a1", "b", "a1", "b", "n: 6"]


def test_average_and_frequency_values():
    text, _ = run("generate 2000\naction average hcp(north), frequency (spades(north), 0, 13)",
                  seed=2, rng="dealer")
    average = float(text.splitlines()[0])
    assert 9 < average < 11


def test_printpbn_flips_the_statistics_like_dealer():
    odd, _ = run("produce 3\naction printpbn", seed=1)
    even, _ = run("produce 2\naction printpbn", seed=1)
    assert "Generated" not in odd and "Generated" in even
    quiet, _ = run("produce 3\naction printpbn", seed=1, quiet=True)
    assert "Generated" in quiet


def test_no_statistics_with_v():
    text, _ = run("produce 2\naction printall", seed=1, statistics=False)
    assert "Generated" not in text


def test_same_seed_same_deals_whatever_the_workers():
    script = "produce 30\ncondition hcp(north) >= 12 && spades(south) >= 4\n" \
             "action printes(hcp(north), \" \", spades(south), \" \", hcp(east), \\n)"
    one, first = run(script, seed=99)
    two, second = run(script, seed=99, jobs=2)
    assert one.splitlines()[:30] == two.splitlines()[:30]
    assert first.generated == second.generated


def test_rnd_in_dealer_mode_deals_one_at_a_time():
    text, result = run("produce 4\ncondition rnd(2) == 1\naction printes(rnd(100), \\n)",
                       seed=8, rng="dealer")
    assert trailer(text)[1] == 4


def test_deals_api():
    found = list(deals("hcp(north) >= 20 and shape(north, any 4333 + any 4432)", 5, seed=4))
    assert len(found) == 5
    strong = compile_hand_condition("hcp >= 20 and shape(any 4333 + any 4432)")
    assert all(strong(deal[0]) for deal in found)
    east = list(deals("hearts >= 6", 3, seed=4, dealer=1,
                      predeal={0: "AKQJ.AKQ.AKQ.AKQ"}))
    assert all(deal[1].length(2) >= 6 and str(deal[0]) == "AKQJ.AKQ.AKQ.AKQ" for deal in east)
    assert list(deals("hcp >= 10", 3, seed=4)) == list(deals("hcp >= 10", 3, seed=4))


@pytest.mark.skipif(not EXAMPLES, reason="dealer's examples are not installed")
@pytest.mark.parametrize("path", [p for p in EXAMPLES if not p.endswith("test_dealer")],
                         ids=lambda p: p.rsplit(".", 1)[-1])
def test_every_example_runs(path):
    out = io.StringIO()
    program = compile_program(open(path).read(), path)
    result = run_program(program, RunOptions(generate=3000, seed=1), out)
    assert result.generated <= 3000
    assert "Generated" in out.getvalue() or any(
        type(a.action).__name__ == "PrintPBN" for a in program.actions)


@pytest.mark.skipif(not DEALER or not EXAMPLES, reason="/usr/games/dealer is not installed")
def test_counts_match_the_reference_binary(tmp_path):
    script = tmp_path / "strong.dl"
    script.write_text("produce 25\ncondition shape(north, any 4333 + any 4432 + any 5332) "
                      "and hcp(north) >= 20 and hcp(north) <= 22\naction average hcp(north)\n")
    reference = subprocess.run([DEALER, "-s", "42", str(script)], capture_output=True,
                               text=True, check=True).stdout
    text, _ = run(script.read_text(), seed=42, rng="dealer")
    assert trailer(text) == trailer(reference)
    assert text.splitlines()[0] == reference.splitlines()[0]
