import type { RecordView } from "../model/view.js";

/*
 * What open_clip imports on the path a Hub model takes, beyond open-clip-torch and torch: a model config whose
 * text_cfg names `hf_tokenizer_name` makes get_tokenizer build an HFTokenizer (transformers.AutoTokenizer), and one
 * naming `hf_model_name` builds its text tower with HFTextEncoder (transformers.AutoModel); transformers is not a
 * dependency of open-clip-torch. The record does not hold open_clip_config.json, so this table names the Hub
 * repositories of such configs that open_clip 3.3.0 lists (pretrained.py, model_configs/*.json), and the `siglip` tag
 * stands for the others: every SigLIP config there names an HF tokenizer. test/snippets/open-clip-installs.test.ts
 * reads the same facts in the wheel and holds this table to them.
 */

/** The Hub repositories of open_clip 3.3.0's pretrained list whose text side loads through transformers. */
export const transformersTextRepos: ReadonlySet<string> = new Set([
  "UCSC-VLAA/ViT-H-14-CLIPA-336-datacomp1B",
  "UCSC-VLAA/ViT-H-14-CLIPA-336-laion2B",
  "UCSC-VLAA/ViT-H-14-CLIPA-datacomp1B",
  "UCSC-VLAA/ViT-L-14-CLIPA-336-datacomp1B",
  "UCSC-VLAA/ViT-L-14-CLIPA-datacomp1B",
  "UCSC-VLAA/ViT-bigG-14-CLIPA-336-datacomp1B",
  "UCSC-VLAA/ViT-bigG-14-CLIPA-datacomp1B",
  "laion/CLIP-ViT-B-32-roberta-base-laion2B-s12B-b32k",
  "laion/CLIP-ViT-B-32-xlm-roberta-base-laion5B-s13B-b90k",
  "laion/CLIP-ViT-H-14-frozen-xlm-roberta-large-laion5B-s13B-b90k",
  "timm/ViT-B-16-SigLIP",
  "timm/ViT-B-16-SigLIP-256",
  "timm/ViT-B-16-SigLIP-384",
  "timm/ViT-B-16-SigLIP-512",
  "timm/ViT-B-16-SigLIP-i18n-256",
  "timm/ViT-B-16-SigLIP2",
  "timm/ViT-B-16-SigLIP2-256",
  "timm/ViT-B-16-SigLIP2-384",
  "timm/ViT-B-16-SigLIP2-512",
  "timm/ViT-B-32-SigLIP2-256",
  "timm/ViT-L-16-SigLIP-256",
  "timm/ViT-L-16-SigLIP-384",
  "timm/ViT-L-16-SigLIP2-256",
  "timm/ViT-L-16-SigLIP2-384",
  "timm/ViT-L-16-SigLIP2-512",
  "timm/ViT-SO400M-14-SigLIP",
  "timm/ViT-SO400M-14-SigLIP-384",
  "timm/ViT-SO400M-14-SigLIP2",
  "timm/ViT-SO400M-14-SigLIP2-378",
  "timm/ViT-SO400M-16-SigLIP-i18n-256",
  "timm/ViT-SO400M-16-SigLIP2-256",
  "timm/ViT-SO400M-16-SigLIP2-384",
  "timm/ViT-SO400M-16-SigLIP2-512",
  "timm/ViT-gopt-16-SigLIP2-256",
  "timm/ViT-gopt-16-SigLIP2-384",
  "timm/vit_gigantic_patch14_clip_224.metaclip2_worldwide",
  "timm/vit_gigantic_patch14_clip_378.metaclip2_worldwide",
  "timm/vit_huge_patch14_clip_224.metaclip2_worldwide",
  "timm/vit_huge_patch14_clip_378.metaclip2_worldwide",
  "visheratin/nllb-clip-base-oc",
  "visheratin/nllb-clip-base-siglip",
  "visheratin/nllb-clip-large-oc",
  "visheratin/nllb-clip-large-siglip",
  "visheratin/nllb-siglip-mrl-base",
  "visheratin/nllb-siglip-mrl-large",
]);

/** The packages open_clip's loading of this model imports beyond the registry row's. */
export function openClipExtras(view: RecordView): string[] {
  return transformersTextRepos.has(view.id) || view.record.tags.includes("siglip") ? ["transformers"] : [];
}
