// The Spotlight editor's pickers (spec 001 §2 "Modals and panels"): controlled components, the editor owns
// the state and passes value + onChange. Loaded with the editor's chunk (never the login + Home bundle).
export { GradingsPicker, type GradingsPickerProps } from './GradingsPicker';
export type { PickerBestFit, PickerGrading, SpotlightEventType } from './pickerModel';
export type { PickerStrings } from './strings';
