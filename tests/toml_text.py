"""TOML text for the fuzz tests: a value or a key as a file would spell it (data a
hypothesis strategy drew, written out so that the readers under test parse it)."""

import json
import math


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


def toml_key(key: str) -> str:
    return key if key.replace("_", "").isalnum() and key.isascii() else json.dumps(key)
