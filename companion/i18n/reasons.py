"""Codes and their sentences: the machinery every game's words share.

A game's rules hand out each sentence as a code with parameters, a ``Coded`` (for
AotWK's scoring, ``companion.aotwk.rules.codes.Reason("count_vp", building="keep", vp=4, ...)``).
A ``Coded`` is also a ``str``: its value is the English sentence, so the ``companion
score`` contract and everything that reads them as text are unchanged.
``render_reason(code, "ko")`` says it in Korean; anything that is not a ``Coded`` (a
plain string) is returned as it is. ``stored`` / ``from_stored`` keep codes in a JSON column.
"""

from __future__ import annotations

from typing import Any

from companion.i18n.sentences import said


class Coded(str):
    """A code with its parameters; as a ``str``, the English sentence.

    A kind of code declares its sentences as catalogue messages (``companion.i18n.sentences``):
    ``SENTENCES = {code: N_("..."), ...}``, or a function of the parameters that returns a
    ``Phrase`` where the sentence depends on them. The class the rules construct may have none:
    its words module adds them (``Note.declare({...})``), and the game's package loads that module.
    Subclasses see their parents' sentences."""

    SENTENCES: dict[str, Any] = {}
    KINDS: dict[str, type] = {}   # class name -> class, for ``from_stored``
    code: str
    params: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Coded.KINDS[cls.__name__] = cls
        cls.SENTENCES = dict(cls.__dict__.get("SENTENCES", {}))   # its own, never a parent's dict

    @classmethod
    def declare(cls, sentences: dict[str, Any]) -> None:
        """Adds sentences to this kind of code (from the words module of a words-free class)."""
        cls.SENTENCES.update(sentences)

    @classmethod
    def sentence(cls, code: str) -> Any:
        """The sentence declared for ``code`` by this class or a parent; None if none is."""
        for kind in cls.__mro__:
            found = kind.__dict__.get("SENTENCES", {}).get(code)
            if found is not None:
                return found
        return None

    def __new__(cls, code: str, **params: Any) -> "Coded":
        sentence = cls.sentence(code)
        if sentence is None:
            raise KeyError(code)   # (``from_stored`` then keeps the stored English)
        self = super().__new__(cls, _spoken(sentence, params, "en"))
        self.code = code
        self.params = params
        return self

    def __getnewargs_ex__(self):   # copy and pickle rebuild it from the code, not the sentence
        return (self.code,), self.params

    def as_code(self) -> dict[str, Any]:
        """``{"code": "count_vp", "building": "keep", "vp": 4, ...}``"""
        return {"code": self.code, **self.params}

    @classmethod
    def from_code(cls, data: dict[str, Any]) -> "Coded":
        """Back from ``as_code()`` (a stored document)."""
        return cls(**data)

    def render(self, lang: str) -> str:
        """The sentence in ``lang`` (English when the language has no translation of it)."""
        if lang == "en":   # said in English when it was made: the text it is
            return str.__str__(self)
        return _spoken(self.sentence(self.code), self.params, lang)


def _spoken(sentence: Any, params: dict[str, Any], lang: str) -> str:
    """A declared sentence in ``lang``: a message formatted with the parameters, or what a
    function of them returns (a ``Phrase``, a code, text) said in ``lang``."""
    if hasattr(sentence, "said"):
        return sentence.said(lang, params)
    return str(said(sentence(**params), lang))


def stored(value: Any) -> Any:
    """A value ready for a JSON column, with any code in it (nested ones too) kept as
    ``{"say": class, "code": ..., "params": {...}, "text": English}``; other values as they are."""
    if isinstance(value, Coded):
        return {"say": type(value).__name__, "code": value.code, "text": str(value),
                "params": {k: stored(v) for k, v in value.params.items()}}
    if isinstance(value, list):
        return [stored(v) for v in value]
    return value


def from_stored(value: Any) -> Any:
    """Back from ``stored``: the code again, or its English text when this version of the
    app no longer knows it (a renamed code, changed parameters); other values as they are."""
    if isinstance(value, list):
        return [from_stored(v) for v in value]
    if not (isinstance(value, dict) and {"say", "code", "text", "params"} <= set(value)):
        return value
    kind = Coded.KINDS.get(value["say"])
    try:
        return kind(value["code"], **{k: from_stored(v) for k, v in value["params"].items()})
    except (TypeError, KeyError, ValueError, AttributeError, IndexError):
        return value["text"]


def render_reason(reason: Any, lang: str) -> str:
    """A reason in ``lang`` (English when the language has no catalogue); other text as it is."""
    if not isinstance(reason, Coded):
        return "" if reason is None else str(reason)   # a Reason's text is its English sentence
    return reason.render(lang)


def render_result(result: dict[str, Any], lang: str) -> dict[str, Any]:
    """A ``score()`` result with its reasons and tie-break as plain strings in ``lang``: AotWK's
    reasons are a list, an Amytis player's a dict (part -> reason)."""
    def said(reasons):
        if isinstance(reasons, dict):
            return {part: render_reason(reason, lang) for part, reason in reasons.items()}
        return [render_reason(reason, lang) for reason in reasons]

    def entry(e):   # (a result without reasons, Any game's, keeps its shape)
        return e if e is None or "reasons" not in e else {**e, "reasons": said(e["reasons"])}
    rendered = {**result, "players": [entry(p) for p in result["players"]]}
    if "bot" in result:
        rendered["bot"] = entry(result["bot"])
    if result.get("tie_break") is not None:
        rendered["tie_break"] = render_reason(result["tie_break"], lang)
    return rendered
