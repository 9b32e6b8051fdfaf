import { parseQuantLabel } from "../catalogue/quant.js";
import { ExitCode, UserError } from "../errors.js";
import type { GgufQuantFiles } from "../model/gguf-quants.js";
import type { Sibling } from "../model/siblings.js";

/*
 * `--memory 16GB`: the biggest quantization whose file, plus a margin for the context (the KV cache and the
 * runtime's buffers), fits the memory given. Sizes come from the record (siblings[].size); without them, from
 * the parameter count of its gguf section × the type's bits per weight, and the snippet says it estimated.
 */

const units: Readonly<Record<string, number>> = {
  b: 1,
  k: 1e3,
  kb: 1e3,
  kib: 2 ** 10,
  m: 1e6,
  mb: 1e6,
  mib: 2 ** 20,
  g: 1e9,
  gb: 1e9,
  gib: 2 ** 30,
  t: 1e12,
  tb: 1e12,
  tib: 2 ** 40,
};

/**
 * A memory size as users write it: `16GB`, `16 GB`, `16g`, `24GiB`, `512MB`, `1.5TB`. GB is 10⁹ bytes (as the
 * Hub shows file sizes), GiB 2³⁰; a bare number is refused, as either could be meant.
 */
export function parseMemorySize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match?.[2]?.toLowerCase() ?? "";
  if (match && unit === "") {
    const number = match[1];
    // A bare number of a thousand and more (8192) is megabytes, as memory is often given, more likely than gigabytes.
    if (Number(number) >= 1000) {
      throw new UserError(
        `--memory '${text}' has no unit: write ${number}MB (10⁶ bytes, as the Hub counts file sizes) or ${number}MiB (2²⁰ bytes), or ${number}GB if you meant gigabytes`,
      );
    }
    throw new UserError(`--memory '${text}' has no unit: write ${number}GB (10⁹ bytes, as the Hub counts file sizes) or ${number}GiB (2³⁰ bytes)`);
  }
  const size = match && Object.hasOwn(units, unit) ? Number(match[1]) * (units[unit] ?? 1) : Number.NaN;
  if (!(size > 0) || !Number.isFinite(size)) {
    throw new UserError(`--memory '${text}' is not a memory size (write it like 16GB, 24GiB or 512MB)`);
  }
  return size;
}

/** The room left for the context next to the weights: 20% of the file, at least 0.5 GB. */
export const marginRule = "20% of the file, at least 0.5 GB";
const marginFor = (bytes: number): number => Math.max(0.5e9, bytes * 0.2);

/** A size for people: "5.73 GB", "812 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(bytes >= 100e9 ? 0 : 2)} GB`;
  return `${Math.round(bytes / 1e6)} MB`;
}

export interface MemoryFit {
  /** The memory the user gave, in bytes. */
  memory: number;
  /** The chosen quantization's files, in bytes (read from the record, or estimated). */
  bytes: number;
  margin: number;
  /** Set when the sizes are estimated from the parameter count. */
  estimate: { parameters: number } | undefined;
  /** Labels left out because neither their size nor an estimate is known. */
  unsized: string[];
  /** The vision projector the consumer loads beside the weights, counted in when its size is known. */
  projector: { file: string; bytes: number | undefined } | undefined;
}

interface Sized {
  quant: GgufQuantFiles;
  bytes: number;
  estimated: boolean;
  /** The estimate is a floor: a suffixed label (Q6_K_L) is a little bigger than the type it is estimated from. */
  floor: boolean;
}

/**
 * What the choice reads of a repository besides its quantizations: its id, the parameter count of its `gguf` section,
 * and, for a consumer that fetches it (gguf-loaders.ts), the vision projector it loads beside a model file.
 */
export interface SizedRepository {
  id: string;
  parameters: number | undefined;
  projectorFor?: (modelFile: string) => Sibling | undefined;
}

/** A quantization's projector, as the fit counts it: its size added to the weights when known. */
function projectorOf(repository: SizedRepository, quant: GgufQuantFiles): { file: string; bytes: number | undefined } | undefined {
  const first = [...quant.files].sort()[0];
  const projector = first === undefined ? undefined : repository.projectorFor?.(first);
  return projector === undefined ? undefined : { file: projector.file, bytes: projector.size };
}

function sizesOf(parameters: number | undefined, quants: readonly GgufQuantFiles[]): { sized: Sized[]; unsized: string[] } {
  const sized: Sized[] = [];
  const unsized: string[] = [];
  for (const quant of quants) {
    const found = parseQuantLabel(quant.label);
    const bits = found?.type.bitsPerWeight;
    if (quant.bytes !== undefined) sized.push({ quant, bytes: quant.bytes, estimated: false, floor: false });
    else if (parameters !== undefined && bits !== undefined)
      sized.push({ quant, bytes: (parameters * bits) / 8, estimated: true, floor: found?.suffixed === true });
    else unsized.push(quant.label);
  }
  return { sized, unsized };
}

/** What a quantization needs: its files plus the margin for the context. */
export const memoryNeeded = (bytes: number): number => bytes + marginFor(bytes);

/**
 * The biggest quantization that fits (by bytes; of two estimated alike, the one whose estimate is not a floor);
 * exit 1 (with what the smallest needs) when none does.
 */
export function pickForMemory(
  repository: SizedRepository,
  quants: readonly GgufQuantFiles[],
  memory: number,
  what = "quantization",
): { quant: GgufQuantFiles; fit: MemoryFit } {
  const { id, parameters } = repository;
  const { sized, unsized } = sizesOf(parameters, quants);
  if (sized.length === 0) {
    throw new UserError(
      `cannot tell how big ${id}'s GGUF files are: the record gives no file sizes (the Hub's model API adds them with ?blobs=true) and no gguf.total parameter count`,
      ExitCode.noMatch,
    );
  }
  // The projector loads beside the weights: its bytes count where the record gives them (the context's margin does not grow).
  const bySize = [...sized]
    .sort((a, b) => b.bytes - a.bytes || Number(a.floor) - Number(b.floor))
    .map((quant) => ({ ...quant, projector: projectorOf(repository, quant.quant) }));
  const needed = (quant: (typeof bySize)[number]) => memoryNeeded(quant.bytes) + (quant.projector?.bytes ?? 0);
  const chosen = bySize.find((quant) => needed(quant) <= memory);
  if (!chosen) {
    const smallest = bySize.at(-1)!;
    const { projector } = smallest;
    const beside = projector?.bytes === undefined ? "" : ` + ${formatBytes(projector.bytes)} for the vision projector ${projector.file}`;
    throw new UserError(
      `no ${what} of ${id} fits in ${formatBytes(memory)}: the smallest, ${smallest.quant.label}, needs ${formatBytes(needed(smallest))} ` +
        `(${formatBytes(smallest.bytes)}${smallest.estimated ? " estimated" : ""}${beside} + ${formatBytes(marginFor(smallest.bytes))} for the context)`,
      ExitCode.noMatch,
    );
  }
  return {
    quant: chosen.quant,
    fit: {
      memory,
      bytes: chosen.bytes,
      margin: marginFor(chosen.bytes),
      estimate: chosen.estimated && parameters !== undefined ? { parameters } : undefined,
      unsized,
      projector: chosen.projector,
    },
  };
}

/** The comment lines that say why this quantization was chosen for the memory given. */
export function fitComment(label: string, fit: MemoryFit): string {
  const { projector } = fit;
  const beside = projector?.bytes === undefined ? "" : ` + ${formatBytes(projector.bytes)} for the vision projector`;
  const lines = [
    `# For ${formatBytes(fit.memory)} of memory: ${label}, ${formatBytes(fit.bytes)} of weights${beside} + ${formatBytes(fit.margin)} for the context (${marginRule})`,
  ];
  if (projector?.bytes === undefined && projector !== undefined)
    lines.push("# The vision projector it loads beside the weights is not counted: the record gives no size for it");
  if (fit.estimate) {
    lines.push(
      `# Sizes estimated from ${(fit.estimate.parameters / 1e9).toFixed(1)} B parameters × each type's bits per weight: the record gives no file sizes`,
    );
  }
  if (fit.unsized.length > 0) lines.push(`# Left out, size unknown: ${fit.unsized.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
