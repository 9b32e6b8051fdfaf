import type { SdkGap } from "../catalogue/client-gaps.js";
import type { InferenceRequest } from "./request.js";

const none: readonly SdkGap[] = [];

/**
 * The gaps of a client's SDK that a call hits: those of the provider that answers it (the router's choice with
 * `auto`), on its kind, and, for a gap that needs one, with the adapter its mapping names.
 */
export function sdkGapsHit(gaps: readonly SdkGap[], request: InferenceRequest): readonly SdkGap[] {
  if (gaps.length === 0) return none;
  const hit = gaps.filter(
    (gap) =>
      gap.provider === request.answeringProvider &&
      (gap.kinds === "all" || gap.kinds.includes(request.kind)) &&
      (gap.adapter === undefined || request.adapter?.kind === gap.adapter),
  );
  return hit.length === 0 ? none : hit;
}
