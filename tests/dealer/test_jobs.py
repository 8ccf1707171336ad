"""Worker processes change nothing: numpy-mode runs print the same bytes whatever -j, and
the block pipeline (dealing.BlockPipeline) gives what the batch-by-batch loop gives."""
import io
import re

import pytest

from dealer import compile_program
from dealer import run as runmod
from dealer.run import RunOptions, run_program

SCRIPTS = {
    "statistics": "generate 150000\naction average hcp(north), frequency (hcp(south), 3, 30), "
                  "frequency \"2d\" (spades(east), 2, 6, hearts(west), 1, 5)",
    "produce stops mid-block": "produce 700\ncondition hcp(north) >= 15 && spades(south) >= 5\n"
                               "action printoneline (hcp(south)), average hcp(north), "
                               "print(east)",
    "generate stops mid-block": "generate 100001\ncondition shape(north, any 4333) and "
                                "hcp(north) > 18\naction printes(hcp(north), \\n), "
                                "frequency (hcp(north), 19, 30)",
    "predeal and swapping": "generate 70000\npredeal north SA\ncondition hcp(north) > 20\n"
                            "action printcompact, average hcp(south)",
}


def run(text: str, **options) -> tuple[str, object]:
    out = io.StringIO()
    result = run_program(compile_program(text), RunOptions(seed=5, **options), out)
    return re.sub(r"Time needed .*", "", out.getvalue()), result


@pytest.mark.parametrize("name", SCRIPTS)
def test_output_does_not_depend_on_the_number_of_workers(name):
    swapping = 2 if "swapping" in name else 0
    one, first = run(SCRIPTS[name], jobs=1, swapping=swapping)
    two, second = run(SCRIPTS[name], jobs=2, swapping=swapping)
    assert one == two
    assert (first.generated, first.produced) == (second.generated, second.produced)


@pytest.mark.parametrize("name", SCRIPTS)
def test_blocks_give_what_batches_give(name, monkeypatch):
    swapping = 2 if "swapping" in name else 0
    blocks, _ = run(SCRIPTS[name], jobs=2, swapping=swapping)
    monkeypatch.setattr(runmod, "evaluates_in_blocks", lambda program, rng: False)
    batches, _ = run(SCRIPTS[name], swapping=swapping)
    assert blocks == batches
