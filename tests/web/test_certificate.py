"""The secure mode's certificate (companion.web.serving.certificate): made once, kept, made again
only when it no longer names the address phones use."""

from __future__ import annotations

import stat

from cryptography import x509

from companion.web.serving.certificate import ensure_certificate, fingerprint


def named_addresses(cert_path) -> set[str]:
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {str(ip) for ip in names.get_values_for_type(x509.IPAddress)} | set(names.get_values_for_type(x509.DNSName))


def test_the_certificate_names_the_lan_address_and_this_machine_and_its_key_is_private(tmp_path):
    cert, key = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert {"192.168.1.20", "127.0.0.1", "localhost"} <= named_addresses(cert)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert cert.parent == tmp_path / "https"


def test_it_is_kept_across_restarts_so_phones_warn_only_once(tmp_path):
    first, _ = ensure_certificate(tmp_path, ["192.168.1.20"])
    before = fingerprint(first)
    again, _ = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert fingerprint(again) == before


def test_a_new_lan_address_gets_a_new_certificate_that_names_it(tmp_path):
    first, _ = ensure_certificate(tmp_path, ["192.168.1.20"])
    before = fingerprint(first)
    moved, _ = ensure_certificate(tmp_path, ["10.0.0.7"])
    assert fingerprint(moved) != before and "10.0.0.7" in named_addresses(moved)
