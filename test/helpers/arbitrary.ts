import fc from "fast-check";
import type { DataValue } from "../../src/values/data-value.js";

/** Hostile text: quotes, backslashes, shell and template syntax, newlines, any Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string(),
  fc
    .array(
      fc.constantFrom(
        "'",
        '"',
        "\\",
        "`",
        "$(touch /tmp/pwned)",
        "${process.exit(1)}",
        '"""',
        "'''",
        "\n",
        "\r\n",
        "\u2028",
        "{{ x }}",
        "{% raw %}",
        "#",
        "é",
        "漢字",
        "😀",
        "\u0000",
        "\ud800",
        "\u001b]52;c;cHduZWQ=\u0007",
        "\u001b[2J",
        "\u009b31m",
        "\b",
        "\r",
        "\u007f",
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join("")),
);

/** Any JSON-like value built from hostile strings, for the literal writers. */
export const dataValue: fc.Arbitrary<DataValue> = fc.letrec<{ value: DataValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 4 }),
  ),
})).value;
