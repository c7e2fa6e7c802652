"""A client generated from the served OpenAPI document, as a user of the API would make one
(datamodel-code-generator's pydantic models): it has one type for a seat and one for a suit,
and its models read every example answer the document shows, which are the service's own
(tests/web/test_api_openapi.py)."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hasen.api import create_app

pytest.importorskip("datamodel_code_generator")


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[dict, Path]:
    document = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json").get_json()
    folder = tmp_path_factory.mktemp("client")
    (folder / "openapi.json").write_text(json.dumps(document))
    # root models collapsed: a card is a constrained text, as a client would read it
    subprocess.run(
        [
            sys.executable,
            "-m",
            "datamodel_code_generator",
            "--input",
            str(folder / "openapi.json"),
            "--input-file-type",
            "openapi",
            "--output-model-type",
            "pydantic_v2.BaseModel",
            "--collapse-root-models",
            "--output",
            str(folder / "models.py"),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return document, folder / "models.py"


def enums(source: str) -> dict[str, set[object]]:
    """Each enum class of the generated module and its values."""
    return {
        node.name: {ast.literal_eval(item.value) for item in node.body if isinstance(item, ast.Assign)}
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef) and any("Enum" in ast.unparse(base) for base in node.bases)
    }


def test_the_client_has_one_seat_type_and_one_suit_type(generated: tuple[dict, Path]) -> None:
    kinds = enums(generated[1].read_text())
    assert [name for name, values in kinds.items() if values == {"N", "E", "S", "W"}] == ["Seat"]
    assert [name for name, values in kinds.items() if values == {"S", "H", "D", "C"}] == ["Suit"]
    # a request may write a seat in either case: one more type, of both
    assert [name for name, values in kinds.items() if {"N", "n"} <= values] == ["SeatName"]


def test_the_clients_models_read_every_example_answer(generated: tuple[dict, Path]) -> None:
    document, path = generated
    spec = importlib.util.spec_from_file_location("generated_client", path)
    assert spec is not None and spec.loader is not None
    models = importlib.util.module_from_spec(spec)
    sys.modules["generated_client"] = models  # pydantic resolves the models' forward references here
    spec.loader.exec_module(models)
    read = 0
    for item in document["paths"].values():
        for operation in item.values():
            body = operation["responses"]["200"]["content"]["application/json"]
            if "example" not in body:
                continue
            schema = body["schema"]
            names = [ref["$ref"].rsplit("/", 1)[1] for ref in schema.get("oneOf", [schema])]
            errors = []
            for name in names:
                try:
                    getattr(models, name).model_validate(body["example"])
                    break
                except ValueError as error:  # pydantic's ValidationError is one
                    errors.append(f"{name}: {error}")
            else:
                pytest.fail(f"{operation['operationId']}: {errors}")
            read += 1
    assert read > 10
