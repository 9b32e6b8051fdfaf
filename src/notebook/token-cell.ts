import { pythonString } from "../code/literals/python.js";

/*
 * The token cell: the secrets the notebook's cells read from the environment (HF_TOKEN, a provider's key with
 * --direct, an endpoint's API_TOKEN), found where each runtime keeps them and handed to the later cells through the
 * environment of this kernel alone. Where it looks:
 * - the environment (a token exported before Jupyter started, or set by the runtime);
 * - Google Colab's secrets (the key icon), through google.colab.userdata, which huggingface_hub reads only when it
 *   sees Colab's own shell;
 * - Kaggle's secrets (Add-ons → Secrets), through kaggle_secrets.UserSecretsClient, which huggingface_hub never reads;
 * - for HF_TOKEN, huggingface_hub's get_token() too: the login `hf auth login` or notebook_login() saved.
 * It never prompts (Run all goes on without a dialog of ours) and never writes over a variable already set. With a
 * secret missing it raises, which stops Run all at this cell with what to do on each runtime.
 */

/** The environment variable of the user's Hub token. */
export const hubTokenVariable = "HF_TOKEN";

/**
 * One secret the cells read: the environment variables they read it from, the first one set first (a provider's key
 * under the name its docs use, then huggingface.js's name). Found under any, it is handed on under the first.
 */
export type Secret = readonly string[];

const finder = [
  "def find_secret(name):",
  '    """The secret from the environment, Colab\'s secrets or Kaggle\'s; None if none has it."""',
  "    if os.environ.get(name):",
  "        return os.environ[name]",
  "    try:  # Google Colab: the key icon on the left",
  "        from google.colab import userdata",
  "",
  "        return userdata.get(name)",
  "    except Exception:  # not on Colab, no such secret, or this notebook may not read it",
  "        pass",
  "    try:  # Kaggle: Add-ons, then Secrets",
  "        from kaggle_secrets import UserSecretsClient",
  "",
  "        return UserSecretsClient().get_secret(name)",
  "    except Exception:  # not on Kaggle, or the secret is not attached to this notebook",
  "        return None",
];

/** Where to put a secret on each runtime, as the error says it. */
const whereToPut = (name: string) =>
  `on Colab, add a secret named ${name} (the key icon on the left) and let this notebook read it; on Kaggle, add ` +
  `it in Add-ons → Secrets as ${name} and attach it to this notebook; on Jupyter, set ${name} in the environment ` +
  "before starting it";

/** What a secret other than the Hub token holds, for the message that asks for it (a provider's key by default). */
const secretMeanings: Readonly<Record<string, string>> = {
  API_TOKEN: "Your endpoint's token",
  SAGEMAKER_ROLE_ARN: "The ARN of the IAM role SageMaker assumes (arn:aws:iam::<account>:role/<name>)",
  GOOGLE_CLOUD_PROJECT: "Your Google Cloud project's id",
  AZURE_SUBSCRIPTION_ID: "Your Azure subscription's id",
  AZURE_RESOURCE_GROUP: "Your Azure resource group's name",
  AZURE_ML_WORKSPACE: "Your Azure Machine Learning workspace's name",
};

function missingMessage(names: Secret): string {
  const name = names[0]!;
  if (name === hubTokenVariable) {
    return (
      "No Hugging Face token found, and the cells below need one. Create a read token at " +
      `https://huggingface.co/settings/tokens, then: ${whereToPut(name)}, or run \`hf auth login\` in a terminal. ` +
      "Then run all the cells again."
    );
  }
  const found = names.length > 1 ? `${names.join(" or ")}` : name;
  return `No ${found} found, and the cells below read it. ${secretMeanings[name] ?? "Your provider's API key"}: ${whereToPut(name)}. Then run all the cells again.`;
}

/** A Python string literal, cut into parts of at most `width` characters that Python joins (black keeps them so). */
function wrappedString(text: string, indent: string, width = 76): string[] {
  const words = text.split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line === "" ? word : `${line} ${word}`;
    if (next.length > width && line !== "") {
      lines.push(`${line} `);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines.map((part) => `${indent}${pythonString(part)}`);
}

function variableBlock(names: Secret, index: number, many: boolean): string[] {
  const name = names[0]!;
  const found = many ? `found_${index + 1}` : "found";
  const fallback = name === hubTokenVariable ? " or get_token()" : "";
  const comment =
    name === hubTokenVariable
      ? `# ${name}: the environment, a Colab or Kaggle secret, or the login hf auth login saved.`
      : `# ${names.join(", else ")}: the environment, or a Colab or Kaggle secret.`;
  const finds = names.map((each) => `find_secret(${pythonString(each)})`).join(" or ");
  return [
    comment,
    `${found} = ${finds}${fallback}`,
    `if not ${found}:`,
    "    raise RuntimeError(",
    ...wrappedString(missingMessage(names), "        "),
    "    )",
    "# The cells below read it from the environment: set for this kernel alone, never saved.",
    `if not os.environ.get(${pythonString(name)}):`,
    `    os.environ[${pythonString(name)}] = ${found}`,
  ];
}

/** The token cell's code for these secrets, each once (the Hub token first when it is one of them). */
export function tokenCellCode(secrets: readonly Secret[]): string {
  const unique = [...new Map(secrets.map((names) => [names.join(","), names])).values()];
  const isHub = (names: Secret) => names[0] === hubTokenVariable;
  const ordered = unique.sort((a, b) => Number(isHub(b)) - Number(isHub(a)));
  const imports = ["import os", ...(ordered.some(isHub) ? ["", "from huggingface_hub import get_token"] : [])];
  const blocks = ordered.map((names, index) => variableBlock(names, index, ordered.length > 1).join("\n"));
  return `${[...imports, "", "", ...finder, "", "", blocks.join("\n\n")].join("\n")}\n`;
}
