import type { ModelRecord } from "./record.js";

/** What a record says about who may download its files. */
export interface RecordAccess {
  id: string;
  /** `private: true`: only its owner's tokens read it. */
  private: boolean;
  /** `gated` set to anything but false or null ("auto", "manual"): a user accepts its conditions first. */
  gated: boolean;
  /** A dataset's access (its page is under /datasets/); a model's when absent. */
  repoType?: "dataset";
}

/** The record's access, as the Hub writes it: `gated` as false, "auto" or "manual", `private` as a boolean. */
export function accessOf(model: ModelRecord): RecordAccess {
  const gated: unknown = model["gated"];
  return {
    id: model.id,
    private: model["private"] === true,
    gated: gated !== undefined && gated !== false && gated !== null,
  };
}
