"""Choosing the address phones open (companion.web.serving.lan)."""

from __future__ import annotations

import pytest

from companion.web.serving import lan


def test_a_private_lan_address_is_chosen_over_every_other_kind():
    assert lan.choose(["127.0.0.1", "169.254.3.4", "fe80::1%eth0", "203.0.113.9", "192.168.1.20"]) == "192.168.1.20"
    assert lan.choose(["10.0.0.5", "172.20.1.1"]) == "10.0.0.5"          # the first of equals: the routed one
    assert lan.choose(["127.0.0.1", "203.0.113.9"]) == "203.0.113.9"     # a public address beats none
    assert lan.choose(["127.0.1.1", "169.254.3.4"]) == "169.254.3.4"     # a router-less network, last resort


@pytest.mark.parametrize("candidates", [[], ["127.0.0.1", "::1", "127.0.1.1"], ["0.0.0.0", "224.0.0.1", "not an ip"]])
def test_never_loopback_nor_nonsense(candidates):
    assert lan.choose(candidates) is None


def test_the_routed_address_comes_first_and_loopback_names_are_passed_over(monkeypatch):
    monkeypatch.setattr(lan, "_routed_addresses", lambda: ["192.168.0.14"])
    monkeypatch.setattr(lan, "_named_addresses", lambda: ["127.0.1.1", "10.8.0.2"])
    assert lan.lan_address() == "192.168.0.14"
    monkeypatch.setattr(lan, "_routed_addresses", lambda: [])          # no route at all: no network
    monkeypatch.setattr(lan, "_named_addresses", lambda: ["127.0.1.1"])
    assert lan.lan_address() is None


def test_the_routed_addresses_are_this_machines_own():
    """The probes only ask the kernel for a source address: whatever comes back is bound here."""
    import socket

    for address in lan._routed_addresses():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.bind((address, 0))   # fails for an address that is not this machine's


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("127.5.5.5", True), ("[::1]", True), ("::1", True),
                                            ("localhost", True), ("LOCALHOST", True), ("app.localhost", True),
                                            ("192.168.1.20", False), ("games.ourclub.org", False), ("fe80::1", False)])
def test_loopback_hosts(host, loopback):
    assert lan.is_loopback_host(host) is loopback


def test_urls_name_the_port_unless_it_is_the_schemes_own():
    assert lan.url("http", "192.168.1.20", 8000) == "http://192.168.1.20:8000/"
    assert lan.url("https", "192.168.1.20", 443) == "https://192.168.1.20/"
    assert lan.url("http", "fd00::5", 8000) == "http://[fd00::5]:8000/"
