"""Stand-in for Kaggle's kaggle_secrets module (see README.md): the user's secrets, from HUB_SNIPPETS_STANDIN_SECRETS."""

import json
import os

__stand_in__ = True


class BackendError(Exception):
    """What Kaggle's client raises for a secret that is not attached to the notebook."""


class UserSecretsClient:
    def get_secret(self, label):
        secrets = json.loads(os.environ.get("HUB_SNIPPETS_STANDIN_SECRETS", "{}"))
        if label not in secrets:
            raise BackendError(
                f"Unexpected response from the service. Response: {{'errors': ['No user secrets exist for kernel id 1 and label {label}.']}}."
            )
        return secrets[label]
