import type { ModelRecord } from "./record.js";

/*
 * What a record says of where the model may run, beside its provider mapping: the Hub's own flag that the model is
 * disabled, and the card's opt-out of hosted inference.
 */

/** `disabled: true`: the Hub has disabled the model; its files are not served and no provider runs it. */
export function isDisabled(model: ModelRecord): boolean {
  return model["disabled"] === true;
}

/** Why a model the Hub has disabled gets no code at all, and no app. */
export function disabledModelNote(model: Pick<ModelRecord, "id">): string {
  return `${model.id} is disabled on the Hub (disabled: true): its files cannot be downloaded and no provider serves it, so no code is written for it`;
}

/**
 * The card's `inference: false` (its README metadata): the author opts the model out of hosted inference, so
 * hf-inference is never assumed for it. Other values (`true`, an object of widget parameters) do not opt out.
 */
export function cardOptsOutOfInference(model: ModelRecord): boolean {
  return model.cardData?.["inference"] === false;
}
