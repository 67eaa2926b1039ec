"""The pieces behind the whole-sandbox limits, one by one: which addresses egress refuses, how
allow-list entries are read, how the package index joins the allow-list, how command output is
cleaned, how the workspace is measured, and the cgroups made for each command."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import pytest

from agents.outbound import public_address, routable_address
from agents.sandbox import (
    DiskQuotaExceeded,
    Egress,
    SandboxLimits,
    cgroups,
    check_workspace_quota,
    index_egress,
    observable,
)
from agents.sandbox.contract import split_host_port
from agents.sandbox.quota import MAX_DEPTH, measure

MiB = 1024**2

# --- egress -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1", "127.8.9.10", "10.0.0.1", "172.16.5.4", "192.168.1.1", "100.64.0.1",
        "169.254.169.254", "0.0.0.0", "224.0.0.1", "255.255.255.255", "240.0.0.1", "::1", "::",
        "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.1.2.3",
        "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
        # 6to4 and Teredo carry an IPv4 address the proxy would reach through a relay.
        "2002:7f00:1::1", "2002:a9fe:a9fe::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ],
)  # fmt: skip
def test_internal_addresses_are_denied_to_the_client_and_the_egress_proxy(address: str) -> None:
    assert not routable_address(ipaddress.ip_address(address))
    assert not public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", ["203.0.113.80", "198.51.100.7", "2001:db8::1"])
def test_documentation_ranges_are_routable_for_a_mirror_but_never_a_public_url(
    address: str,
) -> None:
    assert routable_address(ipaddress.ip_address(address))
    assert not public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "address", ["151.101.0.223", "8.8.8.8", "2a04:4e42::223", "64:ff9b::9765:df", "2002:9765:df::1"]
)
def test_public_addresses_are_allowed(address: str) -> None:
    assert public_address(ipaddress.ip_address(address))
    assert routable_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    ("entry", "parsed"),
    [
        ("pypi.org:443", ("pypi.org", 443)),
        ("PyPI.Org.:443", ("pypi.org", 443)),
        ("[::1]:8080", ("::1", 8080)),
        ("127.0.0.1:3141", ("127.0.0.1", 3141)),
    ],
)
def test_allow_list_entries_are_host_and_port(entry: str, parsed: tuple[str, int]) -> None:
    assert split_host_port(entry) == parsed


@pytest.mark.parametrize("entry", ["pypi.org", ":443", "pypi.org:0", "pypi.org:99999", "x:y"])
def test_malformed_allow_list_entries_are_refused(entry: str) -> None:
    with pytest.raises(ValueError, match="host:port"):
        Egress(hosts=(entry,))


def test_an_index_by_name_must_be_public_and_an_index_by_address_is_taken_as_written() -> None:
    base = Egress(hosts=("files.pythonhosted.org:443",))

    by_name = index_egress("https://pypi.org/simple", base)
    by_address = index_egress("http://127.0.0.1:3141/root/pypi/+simple/", base)
    by_v6 = index_egress("http://[fd00::5]/simple", base)

    assert by_name.hosts == ("files.pythonhosted.org:443", "pypi.org:443")
    assert by_name.private_hosts == ()
    assert by_address.private_hosts == ("127.0.0.1:3141",)
    assert by_v6.private_hosts == ("[fd00::5]:80",)


# --- output -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[31mred\x1b[0m", "red"),
        ("\x1b]0;title\x07text", "text"),
        ("\x1b]8;;http://evil/\x1b\\link\x1b]8;;\x1b\\", "link"),
        ("a\x1bPq#0;2;0;0;0\x1b\\b", "ab"),
        ("\x9b2Jclear", "clear"),
        ("bell\x07 nul\x00 del\x7f", "bell nul del"),
        ("10%\r20%\r\n", "10%\n20%\n"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("safe\u202egnp.exe", "safegnp.exe"),
        ("lone escape \x1b", "lone escape "),
    ],
)
def test_observable_strips_terminal_control(raw: str, shown: str) -> None:
    assert observable(raw) == shown


def test_observable_clips_after_stripping_keeping_head_and_tail() -> None:
    text = "HEAD" + "\x1b[1m" * 10_000 + "x" * 20_000 + "TAIL"

    shown = observable(text, 1000)

    assert shown.startswith("HEAD")
    assert shown.endswith("TAIL")
    assert "characters cut" in shown
    assert len(shown) < 1100


# --- measuring the workspace --------------------------------------------------------------------


def test_measure_counts_hidden_entries_links_as_links_and_every_hard_link(tmp_path: Path) -> None:
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "data").write_bytes(b"x" * 5000)
    os.link(tmp_path / ".hidden" / "data", tmp_path / "again")
    (tmp_path / "outside").symlink_to("/usr")  # counted as a link, never followed
    with open(tmp_path / "sparse", "wb") as sparse:
        sparse.truncate(10 * MiB)

    usage = measure(tmp_path, max_bytes=1 << 40, max_files=1000)

    assert usage.files == 5
    assert 10 * MiB + 10_000 <= usage.bytes < 10 * MiB + 64 * 1024
    assert usage.complete


def test_measure_stops_as_soon_as_a_limit_is_passed(tmp_path: Path) -> None:
    for n in range(100):
        (tmp_path / f"f{n}").touch()

    usage = measure(tmp_path, max_bytes=1 << 40, max_files=10)

    assert usage.files == 11
    assert not usage.complete


def test_a_tree_deeper_than_the_bound_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    deep = tmp_path
    for _ in range(MAX_DEPTH + 2):
        deep = deep / "d"
    deep.mkdir(parents=True)

    usage = measure(tmp_path, max_bytes=1 << 40, max_files=10_000)

    assert "levels deep" in usage.problem


def test_host_writes_are_checked_against_the_quota_but_shrinking_is_always_allowed(
    tmp_path: Path,
) -> None:
    (tmp_path / "big").write_bytes(b"x" * (2 * MiB))
    limits = SandboxLimits(disk_bytes=1 * MiB)

    with pytest.raises(DiskQuotaExceeded, match="would take the workspace over"):
        check_workspace_quota(tmp_path, limits, adding_bytes=10)
    check_workspace_quota(tmp_path, limits, adding_bytes=-MiB)  # no error: it frees space
    small = check_workspace_quota(tmp_path, SandboxLimits(), adding_bytes=100, adding_files=1)

    assert small.files == 1


# --- cgroups ------------------------------------------------------------------------------------

needs_cgroups = pytest.mark.skipif(
    not cgroups.support().available, reason=f"no usable cgroup here: {cgroups.support().detail}"
)


def our_cgroups() -> list[Path]:
    found = []
    for _, parent in cgroups.support().parents:
        found += list(parent.glob(f"{cgroups.PREFIX}{os.getpid()}-*"))
    return found


@needs_cgroups
def test_a_command_cgroup_has_the_limits_and_is_removed_afterwards() -> None:
    limits = SandboxLimits(total_memory_bytes=300 * MiB, total_processes=77, cpus=0.25)

    with cgroups.sandbox_cgroup(limits) as group:
        assert group is not None
        wanted = {"memory.limit_in_bytes", "pids.max", "cpu.cfs_quota_us", "memory.max", "cpu.max"}
        texts = {
            f.name: f.read_text().strip()
            for directory in our_cgroups()
            for f in directory.iterdir()
            if f.name in wanted
        }

    assert our_cgroups() == []
    if cgroups.support().mode == "v1":
        assert texts["memory.limit_in_bytes"] == str(300 * MiB)
        assert texts["pids.max"] == "77"
        assert texts["cpu.cfs_quota_us"] == "25000"
    else:
        assert texts["memory.max"] == str(300 * MiB)
        assert texts["cpu.max"] == "25000 100000"


@needs_cgroups
def test_cgroups_left_by_a_killed_worker_are_swept(tmp_path: Path) -> None:
    _, parent = cgroups.support().parents[0]
    dead_pid = 2**22 + 12345  # beyond pid_max: no such process
    leftover = parent / f"{cgroups.PREFIX}{dead_pid}-0-abcd"
    leftover.mkdir()
    mine = parent / f"{cgroups.PREFIX}{os.getpid()}-999-abcd"
    mine.mkdir()
    try:
        cgroups._remove_stale(cgroups.support())

        assert not leftover.exists()
        assert mine.exists()  # a live worker's cgroup stays
    finally:
        for directory in (leftover, mine):
            if directory.exists():
                directory.rmdir()
