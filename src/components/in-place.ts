/**
 * Marks a control that acts where it is (Copy address): clicked inside the phone's open header menu, it is not a
 * choice that closes the menu (app/layout/header.tsx), so its own feedback ("Copied") stays in view. Spread on the
 * element: `{...IN_PLACE_PROPS}`.
 */
export const IN_PLACE = 'data-in-place';
export const IN_PLACE_PROPS = { [IN_PLACE]: '' } as const;
