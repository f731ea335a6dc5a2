export { ProfilePanel, type ProfilePanelProps } from './ProfilePanel.tsx';
export { buildProfileCsv, PROFILE_CSV_HEADER, profileFileName } from './profile-csv.ts';
export { CORRIDOR_WIDTH, type ProfilePoint, parseProfilePoints } from './profile-model.ts';
