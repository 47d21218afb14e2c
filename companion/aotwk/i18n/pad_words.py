"""The paper pad's and the end count's words as codes: the hint beside a cell and why a
cell was refused (``companion.aotwk.rules.table.pad`` hands them out as ``PadWords``; as a
``str`` each is the English sentence it has always been)."""

from __future__ import annotations

from typing import Callable

from companion.i18n.reasons import Coded


def _listed(values: list[int], last: str) -> str:
    """'3, 5 or 10': the values in order, the last one after ``last`` ("or", "또는")."""
    ordered = sorted(set(values))
    return ", ".join(str(v) for v in ordered[:-1]) + f" {last} {ordered[-1]}"


ENGLISH: dict[str, Callable[..., str]] = {
    # hints beside a cell
    "listed": lambda values: _listed(values, "or"),
    "zero_or_less": lambda: "0 or less",
    "range": lambda low, high: f"{low} to {high}",
    # why a value is not possible
    "between": lambda low, high: f"between {low} and {high}",
    "cathedral_scores": lambda values: f"the Cathedral scores {_listed(values, 'or')} VP",
    "virtue_scores": lambda values: f"the Virtue Track scores {_listed(values, 'or')} VP",
    "debts_cost": lambda: "unpaid debts only cost VP: 0 or less",
    "prison_cost": lambda: "workers in Prison only cost VP: 0 or less",
    "never_negative": lambda: "never negative",
    "virtue_runs": lambda low, high: f"the Virtue Track runs from {low} to {high}",
    # why a cell was refused
    "not_possible": lambda value, reason: f"{value} is not possible: {reason}",
    "not_a_cell": lambda: "not a cell of this row",
    "not_on_this_pad": lambda: "not a cell of this pad",
    "number_needed": lambda: "a number is needed",
    "whole_number_needed": lambda: "a whole number is needed",
    "changed_meanwhile": lambda now: (
        f"another phone changed this to {'blank' if now is None else now}; yours is kept: save again"),
    "nothing_to_save": lambda: "nothing to save",
    "count_not_started": lambda: "the count starts when the game ends",
    "count_over": lambda: "the count is over: only a value nobody entered can be given now",
    "not_entered": lambda: "not entered yet",
    "bot_count_tracked": lambda: "the bot's count is tracked",
    "bot_score_worked_out": lambda: "the bot's score is worked out, not typed",
}

KOREAN: dict[str, Callable[..., str]] = {
    "listed": lambda values: _listed(values, "또는"),
    "zero_or_less": lambda: "0 이하",
    "range": lambda low, high: f"{low}에서 {high}까지",
    "between": lambda low, high: f"{low}에서 {high} 사이",
    "cathedral_scores": lambda values: f"대성당은 승점 {_listed(values, '또는')}점을 줍니다",
    "virtue_scores": lambda values: f"선행 트랙은 승점 {_listed(values, '또는')}점을 줍니다",
    "debts_cost": lambda: "미납 채권은 승점을 잃기만 합니다: 0 이하",
    "prison_cost": lambda: "교도소의 일꾼은 승점을 잃기만 합니다: 0 이하",
    "never_negative": lambda: "음수가 될 수 없습니다",
    "virtue_runs": lambda low, high: f"선행 트랙은 {low}에서 {high}까지입니다",
    "not_possible": lambda value, reason: f"{value}은(는) 불가능합니다: {reason}",
    "not_a_cell": lambda: "이 줄의 칸이 아닙니다",
    "not_on_this_pad": lambda: "이 점수표의 칸이 아닙니다",
    "number_needed": lambda: "숫자를 적으세요",
    "whole_number_needed": lambda: "정수를 적으세요",
    "changed_meanwhile": lambda now: (
        f"다른 휴대폰이 이 칸을 {'빈칸' if now is None else now}(으)로 바꿨습니다; 적은 값은 그대로 있습니다: "
        "다시 저장하세요"),
    "nothing_to_save": lambda: "저장할 것이 없습니다",
    "count_not_started": lambda: "세기는 게임이 끝나면 시작합니다",
    "count_over": lambda: "세기가 끝났습니다: 아무도 적지 않은 값만 지금 적을 수 있습니다",
    "not_entered": lambda: "아직 적지 않음",
    "bot_count_tracked": lambda: "AI의 개수는 앱이 기록합니다",
    "bot_score_worked_out": lambda: "AI의 점수는 앱이 계산합니다: 적지 않습니다",
}


class PadWords(Coded):
    """A pad cell's hint or refusal."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}
