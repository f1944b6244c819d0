"""Logs written by stixxcli 0.1.0 (two of each game, variant and player count
the release could simulate) still validate, with the result they recorded."""

import json
from pathlib import Path

from stixxcli.check import check_log

OLD = Path(__file__).parent / "logs-0.1.0.jsonl"


def test_logs_of_0_1_0_still_validate_with_their_recorded_result():
    logs = [json.loads(line) for line in OLD.read_text().splitlines()]
    assert {log["game"] for log in logs} == {"sixto", "stixx", "fishstix", "trixo"} and len(logs) == 24
    for n, log in enumerate(logs, 1):
        verdict = check_log(log, f"{OLD.name}:{n}")
        assert verdict.valid, verdict.line()
        assert verdict.result["scores"] == log["result"]["scores"]
        assert verdict.result["places"] == log["result"]["places"]
