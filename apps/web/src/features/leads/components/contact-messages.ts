/** The texts the "Contact supplier" form shows after sending (shared by the button's module and the form's chunk). */
export const CONTACT_SENT_TOAST = 'Message sent to the supplier';
export const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';
