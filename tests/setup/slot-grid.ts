/** Every start time of a full day on the booking grid, as the API writes them (seed §9). */
export const FULL_DAY_SLOT_TIMES = [
  "10:00 AM",
  "10:30 AM",
  "11:00 AM",
  "11:30 AM",
  "12:00 PM",
  "12:30 PM",
  "01:00 PM",
  "01:30 PM",
  "02:00 PM",
  "02:30 PM",
  "03:00 PM",
  "03:30 PM",
  "04:00 PM",
  "04:30 PM",
  "05:00 PM",
  "05:30 PM",
  "06:00 PM",
  "06:30 PM",
  "07:00 PM",
  "07:30 PM",
  "08:00 PM",
  "08:30 PM",
];

/** The seven days of the booking window seen on Monday 3 May 2027, the tests' usual "now". */
export const WINDOW_FROM_MAY_3_2027 = [
  "2027-05-03",
  "2027-05-04",
  "2027-05-05",
  "2027-05-06",
  "2027-05-07",
  "2027-05-08",
  "2027-05-09",
];
