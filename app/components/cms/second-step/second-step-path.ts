/** The address of the sign-in's second step, shared by the layout, the card and the route. */
export const SECOND_STEP_PATH = "/cms/sign-in/verify";
