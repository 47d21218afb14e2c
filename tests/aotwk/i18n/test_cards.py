"""A card's effect reads as the printed card says it, in English and Korean: one wording per effect
kind (companion.aotwk.i18n.cards.EFFECT_WORDINGS), never the data's keys ("per count: counts
buildings; per 1; reward 1 vp" was what a playtester saw)."""

from __future__ import annotations

import re

import pytest

from companion.aotwk.catalogue import END_GAME_KINDS, IMMEDIATE_KINDS, load
from companion.aotwk.i18n.cards import EFFECT_WORDINGS, Cases, effect_text


def card_effects() -> dict[str, dict]:
    """Every building's effect and every apprentice's ability in the catalogue, by card id."""
    catalogue = load()
    effects = {f"building {card.id}": dict(card.effect) for card in catalogue.buildings.values()}
    effects |= {f"apprentice {card.id}": dict(card.ability) for card in catalogue.apprentices.values()}
    return effects


def one_of_each(effects: dict[str, dict]) -> dict[str, dict]:
    """One card for each kind and set of parameters (and each case a kind's wording turns on)."""
    picked = {}
    for card, effect in effects.items():
        wording = EFFECT_WORDINGS.get(effect["kind"])
        case = str(effect.get(wording.parameter)) if isinstance(wording, Cases) else None
        picked.setdefault((effect["kind"], tuple(sorted(effect)), case), card)
    return {card: effects[card] for card in picked.values()}


EFFECTS = card_effects()
SHAPES = one_of_each(EFFECTS)
# The data's keys as the old rendering showed them, "kind: key value; key value": "per count: counts
# buildings; per 1; reward 1 vp", "bm reset release: workers 2; from prison"
KEY_WORDS = sorted({word.replace("_", " ") for effect in EFFECTS.values() for word in (effect["kind"], *effect)
                    if "_" in word})


def test_every_effect_kind_the_catalogue_knows_or_the_cards_use_has_a_wording():
    used = {effect["kind"] for effect in EFFECTS.values()}
    assert {*END_GAME_KINDS, *IMMEDIATE_KINDS, *used} <= set(EFFECT_WORDINGS)
    assert len(used) >= 38


@pytest.mark.parametrize("card", sorted(SHAPES))
def test_each_kind_and_parameter_set_in_the_data_reads_as_a_sentence(card):
    effect = SHAPES[card]
    english, korean = effect_text(effect, "en"), effect_text(effect, "ko")
    assert english and korean
    for text in (english, korean):
        assert "_" not in text and "{" not in text and "}" not in text, text
    if effect["kind"] != "described":   # a described card's words are data (its own test below)
        assert not re.search(r"[:;]|\bcounts\b|\bper count\b|\bbm\b|\boptions\b", english), english
        assert not [raw for raw in KEY_WORDS if re.search(rf"\b{raw}\b\s*[:\d]", english)], english
    assert not re.search(r"[A-Za-z]", korean), korean
    # a particle after a value it could not read is written both ways: 을(를), (으)로
    assert not re.search(r"\((을|를|이|가|으)\)", korean), korean


@pytest.mark.parametrize("card", sorted(EFFECTS))
def test_every_card_reads_in_both_languages(card):
    for lang in ("en", "ko"):
        assert "_" not in effect_text(EFFECTS[card], lang)


BUILDINGS = load().buildings
APPRENTICES = load().apprentices


@pytest.mark.parametrize("card, english, korean", [
    # Aqueduct: "1 VP for every ... constructed Buildings" (appendix, VP Boost; the card: 1 per building)
    (BUILDINGS["aqueduct"].effect, "1 VP for each building you have", "보유한 건물마다 승점 1"),
    # Keep: 1 VP for every 3 captured workers (appendix: "포획한 일꾼 3명마다 1점")
    (BUILDINGS["keep"].effect, "1 VP for every 3 captured workers you have", "보유한 포획된 일꾼 3마다 승점 1"),
    # Trading Post: 1 virtue per 4 clay, wood and stone together (the card; the notes' reading)
    (BUILDINGS["trading_post"].effect, "1 virtue for every 4 clay, wood and stone you have",
     "보유한 점토, 나무, 돌 합계 4마다 선행 1"),
    # Tiler's Hut: "1 additional VP for each hired Apprentice they have with the indicated skill"
    (BUILDINGS["tilers_hut"].effect, "1 VP for each tiling apprentice you have", "보유한 타일 기술 수습생마다 승점 1"),
    # Steeple: the most work on the Cathedral, ties don't count: the reward on the right (2 VP)
    (BUILDINGS["steeple"].effect,
     "2 VP if you have advanced work on the Cathedral further than any other player (ties don't count)",
     "그 누구보다 대성당 작업을 많이 진행했다면 승점 2 (레벨이 같은 경우는 해당되지 않음)"),
    # Stone Market: "2 additional VP if they have more of the resource shown ... (ties don't count)"
    (BUILDINGS["stone_market"].effect, "2 VP if you have more stone than any other player (ties don't count)",
     "그 누구보다 돌을 많이 보유하고 있다면 승점 2 (개수가 같은 경우는 해당되지 않음)"),
    # Fountain: "loses 1 less VP for each unpaid Debt"; Gambler's Den: "loses 1 additional VP"
    (BUILDINGS["fountain"].effect, "lose 1 VP less for each unpaid debt", "미납 채권마다 승점 1을 적게 잃습니다"),
    (BUILDINGS["gamblers_den"].effect, "lose 1 VP more for each unpaid debt", "미납 채권마다 승점 1을 추가로 잃습니다"),
    # Smithy: gains the resources shown (4 stone)
    (BUILDINGS["smithy"].effect, "gain 4 stone", "돌 4를 받습니다"),
    # Drafting Room: 2 building cards
    (BUILDINGS["drafting_room"].effect, "gain 2 building cards", "건물 카드 2를 받습니다"),
    # Clay Pit: choose 1 gold or 1 marble (the card; the rulebook says "the resources shown")
    (BUILDINGS["clay_pit"].effect, "gain 1 gold or 1 marble", "금 1 또는 대리석 1 중 하나를 받습니다"),
    # Armoury: "takes the action shown, in the same manner as ... at the Town Centre": 1 capture
    (BUILDINGS["armoury"].effect, "capture 1 group of workers (one colour), as at the Town Centre",
     "중심가에서처럼 일꾼 무리 1개(무리마다 한 가지 색상)를 포획합니다"),
    # Hideout: the Guardhouse's second action, "교도소에서 자기 모든 일꾼을 석방해"
    (BUILDINGS["hideout"].effect, "release all your workers from Prison", "교도소에서 자기 모든 일꾼을 석방합니다"),
    # Watchtower: "All players with 3 or more Workers in Prison immediately lose 1 Virtue (including ...)"
    (BUILDINGS["watchtower"].effect, "every player with 3 or more workers in Prison loses 1 virtue (you too)",
     "교도소에 자기 일꾼이 3명 이상 있는 모든 플레이어는 선행 1을 잃습니다 (자신 포함)"),
    # Gatekeeper: "may release 2 of their Workers from Prison everytime there is a Black Market Reset"
    (APPRENTICES["gatekeeper_1"].ability, "at each Black Market Reset, you may release 2 of your workers from Prison",
     "암시장 재설정 때마다 교도소에서 자기 일꾼 2명을 석방할 수 있습니다"),
    # Pickpocket: "Gain 1 Gold when stealing from the Tax Stand"
    (APPRENTICES["pickpocket_1"].ability, "gain 1 gold when stealing from the Tax Stand",
     "세금 관리소에서 세금을 훔칠 때, 금 1을 받습니다"),
    # Trickster: "Pay 1 less Silver than required when taking actions at the Black Market"
    (APPRENTICES["trickster_1"].ability, "pay 1 silver less when taking actions at the Black Market",
     "암시장에서 행동을 할 때, 은화 1을 적게 냅니다"),
    # Merchant: "spend the Silver on the left to gain the resources shown on the right"
    (APPRENTICES["merchant_1"].ability, "as an action at the King's Storehouse, you may pay 1 silver to gain 3 clay",
     "왕의 창고에서 행동으로 은화 1을 내고 점토 3을 받을 수 있습니다"),
])
def test_representative_cards_read_as_printed(card, english, korean):
    assert effect_text(card, "en") == english
    assert effect_text(card, "ko") == korean


def test_an_expansion_card_the_sources_only_describe_reads_in_each_language_from_the_data():
    """Age of Artisans, New Apprentices (seed 003): 'Abbot - Gain 1 Silver when placing a Worker at the
    King's Storehouse.' It has no Korean edition: the Korean is the data's, in the glossary's words."""
    abbot = APPRENTICES["aoa_abbot"].ability
    assert effect_text(abbot, "en") == "gain 1 silver when placing a worker at the King's Storehouse"
    assert effect_text(abbot, "ko") == "왕의 창고에 일꾼을 놓을 때, 은화 1개를 받습니다"


def test_a_kind_with_no_wording_is_shown_as_words_not_as_its_key():
    """Only a newer data file could hold one: the catalogue refuses an unknown kind."""
    assert effect_text({"kind": "grand_feast", "gain": {"gold": 1}}, "en") == "grand feast"
    assert effect_text({}, "en") == effect_text(None, "ko") == ""
