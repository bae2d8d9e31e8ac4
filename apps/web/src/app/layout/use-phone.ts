/** The phone breakpoint lives with the design system (`ui/hooks`), which its components use too. */
export { PHONE_QUERY, usePhone } from '../../ui/hooks/use-phone.ts';
