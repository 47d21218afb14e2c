"""AotWK's own document problems (companion/aotwk/i18n/problem_words.py) in English, as
`companion score` has always printed them, and in Korean with the rulebook's words."""

from companion.aotwk.rules.codes import AotwkProblem


def test_a_key_the_document_writes_stands_beside_its_korean_word():
    problem = AotwkProblem("skills_list", skills=["masonry", "tiling"])
    assert problem == "must be a list drawn from masonry, tiling"
    assert problem.render("ko") == "다음 기술 중에서 고른 목록이어야 합니다: 석공(masonry), 타일(tiling)"


def test_counted_pieces_and_a_particle_after_a_korean_word():
    problem = AotwkProblem("adornments_buildings", adornments=2, buildings=1)
    assert problem.startswith("2 adornments but 1 building: ")
    assert problem.render("ko").startswith("장식품 2개, 건물 1장: ")
    assert AotwkProblem("not_entered", field="virtue", name="Ann").render("ko").startswith("아무도 Ann의 최종 선행을 아직")
    assert AotwkProblem("not_entered", field="wood", name="Ann").render("ko").startswith("아무도 Ann의 나무를 아직")


def test_a_card_is_named_by_the_catalogue_in_each_language():
    problem = AotwkProblem("card_taken", kind="building", id="keep", owner="Bob")
    assert problem == "Keep (keep) is already listed for Bob; the game has one such card"
    assert problem.render("ko").startswith("아성(keep)은(는) 이미 Bob에게 있습니다")
    assert AotwkProblem("unknown_card", kind="player board", wrong="'x'").render("ko") == "알 수 없는 개인 보드: 'x'"
