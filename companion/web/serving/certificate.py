"""``companion serve --https``: a self-signed certificate made on this machine and kept in
the instance folder (``https/cert.pem``, ``https/key.pem``), so phones get a secure page
(the wake lock, the share sheet, the installable app) on the local network.

No authority vouches for it, so each phone warns once per address; the certificate is
kept, so the warning does not come back on the next evening unless the LAN address
changed (then a new one is made that names it).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

FOLDER = "https"
VALID_DAYS = 825
RENEW_DAYS = 30


def _names(addresses: list[str]) -> list[x509.GeneralName]:
    names: list[x509.GeneralName] = [x509.DNSName("localhost")]
    machine = socket.gethostname()
    if machine and machine != "localhost":
        names.append(x509.DNSName(machine))
    for address in dict.fromkeys(["127.0.0.1", *addresses]):
        names.append(x509.IPAddress(ipaddress.ip_address(address)))
    return names


def _still_good(cert_path: Path, addresses: list[str]) -> bool:
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    except (OSError, ValueError):
        return False
    if cert.not_valid_after_utc - datetime.timedelta(days=RENEW_DAYS) < datetime.datetime.now(datetime.timezone.utc):
        return False
    try:
        named = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    present = {str(ip) for ip in named.get_values_for_type(x509.IPAddress)}
    return all(address in present for address in addresses)


def ensure_certificate(instance: str | os.PathLike, addresses: list[str]) -> tuple[Path, Path]:
    """(certificate, key) for these addresses, made (or made again) when missing, expiring or
    not naming one of them."""
    folder = Path(instance) / FOLDER
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    if key_path.exists() and _still_good(cert_path, addresses):
        return cert_path, key_path
    folder.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Architects Companion on this network")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(_names(addresses)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_bytes = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption())
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)   # the key is readable by its owner only
    with os.fdopen(fd, "wb") as fh:
        fh.write(key_bytes)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def fingerprint(cert_path: Path) -> str:
    """The SHA-256 fingerprint a phone's certificate details show, to compare before trusting it."""
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()
