"""Stand-in for google.colab.userdata (see ../../../README.md): the user's secrets, from HUB_SNIPPETS_STANDIN_SECRETS."""

import json
import os

from google.colab import errors


class SecretNotFoundError(errors.Error):
    """No secret of that name: Colab's message names the key icon."""


class NotebookAccessError(errors.Error):
    """The secret exists, but this notebook may not read it."""


def get(key):
    secrets = json.loads(os.environ.get("HUB_SNIPPETS_STANDIN_SECRETS", "{}"))
    if key not in secrets:
        raise SecretNotFoundError(f"Secret {key} does not exist.")
    return secrets[key]
