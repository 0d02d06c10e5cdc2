// The signature pad's fixed size in its dialog (spec 002 §2 "Signature dialogs are fixed size").
const PAD_WIDTH = 440;
export const SIGNATURE_PAD_HEIGHT = 200;
/** The modal's margins and padding around the pad on a narrow screen. */
const MODAL_GUTTER = 80;
const MIN_WIDTH = 200;

/** The pad's width for a viewport: fixed, but never wider than the screen leaves room for. */
export function signaturePadWidth(viewportWidth: number): number {
  return Math.max(MIN_WIDTH, Math.min(PAD_WIDTH, viewportWidth - MODAL_GUTTER));
}
