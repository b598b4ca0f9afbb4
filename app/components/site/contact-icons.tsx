// The contact page's own icons, drawn in public/icons.svg so no page's JavaScript carries them.
import { Icon, type IconProps } from "./icons";

const drawnIn = (id: string) => (props: IconProps) => (
  <Icon {...props}>
    <use href={`/icons.svg#${id}`} />
  </Icon>
);

export const MailIcon = drawnIn("mail");
export const PhoneIcon = drawnIn("phone");
export const PinIcon = drawnIn("pin");
export const CalendarClockIcon = drawnIn("calendar-clock");
