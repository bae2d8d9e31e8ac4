// Mantine's date input with its stylesheet, which the app's own (mantine-styles.css) leaves out:
// it comes with the screens that use the input, not with every first screen (issue 21).
import '@mantine/dates/styles.css';

export { DateInput } from '@mantine/dates';
