"""The review page's files are named by a version, a digest of their folder, so that a
browser keeps them a year and asks again only when a file changes (hasen.api.assets)."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

from hasen.api.assets import KEPT_SECONDS, version_of

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def page_files(client) -> list[str]:
    """The addresses of the files the page names (its styles, icon and script)."""
    html = client.get("/").get_data(as_text=True)
    return re.findall(r'<(?:link [^>]*href|script [^>]*src)="([^"]+)"', html)


def test_the_page_names_each_file_at_its_versioned_address(client) -> None:
    version = version_of(str(STATIC))
    files = page_files(client)
    assert {Path(f).name for f in files} == {"favicon.svg", "review.css", "review.js"}
    for address in files:
        assert address.startswith(f"/assets/{version}/"), address
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.data == (STATIC / Path(address).name).read_bytes()
        assert response.cache_control.max_age == KEPT_SECONDS and response.cache_control.public
        assert response.cache_control.immutable
        response.close()


def test_an_older_versions_address_gets_todays_file_checked_at_each_use(client) -> None:
    """A page loaded before the service was updated still works; what it gets is not kept."""
    response = client.get("/assets/0123456789abcdef/review.js")
    assert response.status_code == 200 and response.data == (STATIC / "review.js").read_bytes()
    assert response.cache_control.no_cache and not response.cache_control.max_age
    assert not response.cache_control.immutable
    response.close()


def test_a_versioned_file_is_tagged_and_compressed_as_the_plain_one(client) -> None:
    address = f"/assets/{version_of(str(STATIC))}/review.js"
    packed = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and "ETag" in packed.headers
    assert gzip.decompress(packed.data) == (STATIC / "review.js").read_bytes()


def test_nothing_outside_the_folder_is_sent(client) -> None:
    version = version_of(str(STATIC))
    for name in ("../__init__.py", "..%2F__init__.py", "missing.js", ""):
        response = client.get(f"/assets/{version}/{name}")
        assert response.status_code == 404, name
        response.close()


def test_the_version_changes_with_any_file(tmp_path: Path) -> None:
    """Any file's bytes or name, in any folder under the page's: a file the address serves
    is never kept past its change."""
    copies = [shutil.copytree(STATIC, tmp_path / name) for name in ("same", "changed", "added", "deeper", "renamed")]
    same, changed, added, deeper, renamed = copies
    with (changed / "words.js").open("a") as out:
        out.write(" ")
    (added / "new.js").write_text("")
    (deeper / "icons").mkdir()
    (deeper / "icons" / "suit.svg").write_text("<svg/>")
    (renamed / "words.js").rename(renamed / "wordz.js")
    today = version_of(str(STATIC))
    assert version_of(str(same)) == today
    assert len({today, *(version_of(str(folder)) for folder in copies[1:])}) == 5
