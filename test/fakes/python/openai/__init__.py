"""A recording stand-in for the openai package's OpenAI client, for running generated snippets offline."""

from recording import Chat, record


class OpenAI:
    def __init__(self, *args, **kwargs):
        record("OpenAI", args, kwargs)
        self.chat = Chat("OpenAI")
