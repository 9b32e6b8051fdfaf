"""Shared recorder for the fake SDK modules: every call is appended as one JSON line to $HUB_SNIPPETS_CALLS."""

import json
import os


def record(call, args, kwargs):
    with open(os.environ["HUB_SNIPPETS_CALLS"], "a", encoding="utf-8") as log:
        log.write(json.dumps({"call": call, "args": list(args), "kwargs": kwargs}) + "\n")


class Namespace:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class FakeImage:
    """Stands for a PIL image: save() writes recognisable bytes."""

    def save(self, path):
        with open(path, "wb") as file:
            file.write(b"fake-image")


def chat_completion(stream):
    if stream:
        return iter(
            Namespace(choices=[Namespace(delta=Namespace(content=part))]) for part in ("Hello", " world")
        )
    return Namespace(choices=[Namespace(message=Namespace(role="assistant", content="Hello world"))])


class Completions:
    def __init__(self, name):
        self.name = name

    def create(self, *args, **kwargs):
        record(self.name, args, kwargs)
        return chat_completion(kwargs.get("stream", False))


class Chat:
    def __init__(self, owner):
        self.completions = Completions(f"{owner}.chat.completions.create")
