import { listQuantTypesByBits, listTensorTypes, parseQuantLabel } from "../../catalogue/quant.js";
import { ExitCode, UserError } from "../../errors.js";
import { quantLabelLine, quantTable, tensorTable } from "../../presenters/quant-table.js";
import { presentTable, writeJson, writeStdout } from "../output.js";

export async function quantList(options: { json?: boolean; tensor?: boolean }): Promise<void> {
  if (options.tensor) {
    if (options.json) writeJson(listTensorTypes());
    else await presentTable(tensorTable(listTensorTypes()));
    return;
  }
  if (options.json) writeJson(listQuantTypesByBits());
  else await presentTable(quantTable(listQuantTypesByBits()));
}

export function quantParse(fileName: string, options: { json?: boolean }): void {
  const found = parseQuantLabel(fileName);
  if (!found) throw new UserError(`no quantization label in '${fileName}' (see \`hub-snippets quant list\`)`, ExitCode.noMatch);
  if (options.json)
    writeJson({
      label: found.label,
      name: found.type.name,
      code: found.type.code,
      kind: found.type.kind,
      sizeRank: found.type.sizeRank,
    });
  else writeStdout(`${quantLabelLine(found)}\n`);
}
