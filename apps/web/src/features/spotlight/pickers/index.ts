// The Spotlight editor's pickers (spec 001 §2 "Modals and panels"): controlled components, the editor owns
// the state and passes value + onChange. Loaded with the editor's chunk (never the login + Home bundle).
export { BestFitPicker, type BestFitPickerProps } from './BestFitPicker';
export { CheckpointsModal, type CheckpointsModalProps } from './CheckpointsModal';
export type { CheckpointNoteValue } from './checkpointsApi';
export { GradingsOverviewModal, type GradingsOverviewModalProps } from './GradingsOverviewModal';
export { GradingsPicker, type GradingsPickerProps } from './GradingsPicker';
export { GuidanceSidebar, type GuidanceSidebarProps } from './GuidanceSidebar';
export type { PickerBestFit, PickerGrading, SpotlightEventType } from './pickerModel';
export type { PickerStrings } from './strings';
export { pickerStrings } from './strings';
export { useBirthToFiveAreaNames } from './useBirthToFiveAreaNames';
