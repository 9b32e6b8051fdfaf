/*
 * GGUF file names as the main publishers write them, for the label differential (test/catalogue/gguf-names.test.ts)
 * and the generated repositories of the --memory property (test/snippets/gguf-memory-property.test.ts).
 */

/** Names seen in public repositories and scripts (the Hub's file lists, READMEs, download scripts), as written. */
export const realNames: readonly string[] = [
  // bartowski/Meta-Llama-3.1-8B-Instruct-GGUF: _L (embeddings and output at Q8_0), the ARM Q4_0_N_M repacks, imatrix
  "Meta-Llama-3.1-8B-Instruct-IQ2_M.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q2_K_L.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q3_K_XL.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q4_0_4_4.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q4_0_8_8.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q4_K_L.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q5_K_L.gguf",
  "Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf",
  "Meta-Llama-3.1-8B-Instruct-f32.gguf",
  "Meta-Llama-3.1-8B-Instruct.imatrix",
  "Phi-3.5-mini-instruct-Q4_0_4_8.gguf",
  "Llama-3.2-1B-Instruct-f16.gguf",
  // unsloth: UD- dynamic quants, their folders of split files, vision projectors and importance matrices
  "Llama-3.2-3B-Instruct-UD-IQ1_S.gguf",
  "Llama-3.2-3B-Instruct-UD-Q8_K_XL.gguf",
  "DeepSeek-R1-0528-Qwen3-8B-UD-IQ2_XXS.gguf",
  "UD-Q4_K_XL/GLM-4.7-UD-Q4_K_XL-00001-of-00005.gguf",
  "UD-Q2_K_XL/Qwen3.8-Flash-Next-UD-Q2_K_XL-00001-of-00003.gguf",
  "Llama-4-Maverick-17B-128E-Instruct-UD-Q4_K_XL-00001-of-00005.gguf",
  "BF16/Qwen3-Coder-30B-A3B-Instruct-BF16-00002-of-00002.gguf",
  "gemma-4-E2B-it-UD-Q4_K_XL.gguf",
  "mmproj-BF16.gguf",
  "mmproj-F16.gguf",
  "imatrix_unsloth.gguf_file",
  "imatrix_unsloth.gguf",
  "imatrix_unsloth.dat",
  "MTP/mtp-gemma-4-31B-it-BF16.gguf",
  "Kwaipilot_KAT-Coder-V2.5-Dev-imatrix.gguf",
  // Qwen's own repositories: lower case, splits of every quantization, fp16 (no llama.cpp type name)
  "qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf",
  "qwen2.5-7b-instruct-q8_0-00003-of-00003.gguf",
  "qwen2.5-7b-instruct-fp16-00001-of-00004.gguf",
  "qwen2.5-coder-32b-instruct-q5_0.gguf",
  "Qwen3-8B-Q4_K_M.gguf",
  // ggml-org, TheBloke, nomic, QAT
  "gpt-oss-20b-MXFP4.gguf",
  "gpt-oss-20b-mxfp4.gguf",
  "gpt-oss-120b-MXFP4-00001-of-00003.gguf",
  "llama-2-7b-chat.Q4_K_M.gguf",
  "mistral-7b-instruct-v0.2.Q5_K_S.gguf",
  "nomic-embed-text-v2-moe.Q5_K_M.gguf",
  "phi-3-mini-128k-instruct_function.q8_0.gguf",
  "gemma-3-4b-it-qat-Q4_0.gguf",
  "gemma-3-27b-it-q4_0.gguf",
  "mmproj-model-f16.gguf",
  "Qwen3-235B-A22B-Q8_0-00001-of-00006.gguf",
  "DeepSeek-R1-IQ1_S-00001-of-00003.gguf",
];

const models = [
  "Meta-Llama-3.1-8B-Instruct",
  "Qwen3-30B-A3B-Instruct-2507",
  "gemma-3-12b-it",
  "DeepSeek-R1-0528",
  "Mistral-Small-3.2-24B-Instruct-2506",
  "Phi-4-mini-instruct",
  "GLM-4.5-Air",
  "SmolLM3-3B",
];

/** The labels each publisher offers, as its file names write them. */
const bartowskiLabels = [
  "IQ2_M",
  "IQ3_XS",
  "IQ3_M",
  "IQ4_XS",
  "IQ4_NL",
  "Q2_K",
  "Q2_K_L",
  "Q3_K_S",
  "Q3_K_M",
  "Q3_K_L",
  "Q3_K_XL",
  "Q4_0",
  "Q4_0_4_4",
  "Q4_0_4_8",
  "Q4_0_8_8",
  "Q4_K_S",
  "Q4_K_M",
  "Q4_K_L",
  "Q5_K_S",
  "Q5_K_M",
  "Q5_K_L",
  "Q6_K",
  "Q6_K_L",
  "Q8_0",
  "f16",
  "f32",
  "bf16",
];
const unslothLabels = [
  "UD-IQ1_S",
  "UD-IQ1_M",
  "UD-IQ2_XXS",
  "UD-IQ2_M",
  "UD-IQ3_XXS",
  "UD-Q2_K_XL",
  "UD-Q3_K_XL",
  "UD-Q4_K_XL",
  "UD-Q5_K_XL",
  "UD-Q6_K_XL",
  "UD-Q8_K_XL",
  "UD-TQ1_0",
  "IQ4_NL",
  "IQ4_XS",
  "Q4_0",
  "Q4_1",
  "Q4_K_M",
  "Q5_K_M",
  "Q6_K",
  "Q8_0",
  "BF16",
  "F16",
  "TQ2_0",
  "MXFP4_MOE",
];
const theBlokeLabels = ["Q2_K", "Q3_K_S", "Q3_K_M", "Q3_K_L", "Q4_0", "Q4_K_S", "Q4_K_M", "Q5_0", "Q5_K_S", "Q5_K_M", "Q6_K", "Q8_0"];
const qwenLabels = ["q2_k", "q3_k_m", "q4_0", "q4_k_m", "q5_0", "q5_k_m", "q6_k", "q8_0", "fp16"];
const mradermacherLabels = ["i1-IQ1_S", "i1-IQ1_M", "i1-IQ2_XXS", "i1-IQ2_S", "i1-IQ3_XXS", "i1-IQ3_S", "i1-Q4_K_M", "i1-Q4_0", "Q2_K", "Q8_0", "f16"];

/** `<name>-00001-of-0000N.gguf` … each part of a split file. */
export const splitParts = (stem: string, parts: number): string[] =>
  Array.from({ length: parts }, (_, index) => `${stem}-${String(index + 1).padStart(5, "0")}-of-${String(parts).padStart(5, "0")}.gguf`);

/** File names in each publisher's style for a few models: more than 200, each once. */
export function generatedNames(): string[] {
  const names: string[] = [];
  for (const [index, model] of models.entries()) {
    const lower = model.toLowerCase();
    // Each model gets some of each publisher's labels (a different slice per model), and every label some model.
    const pick = <T>(labels: readonly T[], count: number) => Array.from({ length: count }, (_, k) => labels[(index * count + k) % labels.length] as T);
    for (const label of pick(bartowskiLabels, 7)) names.push(`${model}-${label}.gguf`);
    names.push(`${model}.imatrix`, `${model}-Q8_0/${model}-Q8_0-00001-of-00002.gguf`);
    for (const label of pick(unslothLabels, 6)) names.push(`${model}-${label}.gguf`);
    const udFolder = pick(unslothLabels.slice(0, 11), 1)[0] ?? "UD-Q4_K_XL";
    names.push(...splitParts(`${udFolder}/${model}-${udFolder}`, 2 + (index % 3)), `mmproj-${model}-f16.gguf`, "mmproj-F32.gguf");
    for (const label of pick(theBlokeLabels, 4)) names.push(`${lower}.${label}.gguf`);
    for (const label of pick(qwenLabels, 3)) names.push(`${lower}-${label}.gguf`, ...splitParts(`${lower}-${label}`, 2));
    for (const label of pick(mradermacherLabels, 2)) names.push(`${model}.${label}.gguf`);
    names.push(`${lower}-qat-q4_0.gguf`, `${model}-TQ1_0.gguf`);
  }
  return [...new Set(names)];
}
