import { href, Link } from "react-router";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { Panel } from "~/components/staff/panel";
import { WeeklyChart } from "~/components/staff/weekly-chart";
import { type AmountsByCurrency, dashboardFigures } from "~/features/dashboard/dashboard.server";
import { requireRole } from "~/infra/auth-guard.server";
import { formatCalendarDate, formatDay, formatTimeOfDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Staff area" }];

/** Shown when no payment names a currency yet. */
const DEFAULT_CURRENCY = "USD";

/** "$1,200.00", or one amount per currency when payments came in several. */
function moneyText(amounts: AmountsByCurrency): string {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return formatMoney(0, DEFAULT_CURRENCY);
  return entries.map(([currency, cents]) => formatMoney(cents, currency)).join(" + ");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const zone = context.env.AGENCY_TZ;
  const now = context.clock();
  const figures = await dashboardFigures(context.db, now, zone);
  const currencies = [...new Set(figures.weeks.flatMap((week) => Object.keys(week.revenue)))];
  if (currencies.length === 0) currencies.push(DEFAULT_CURRENCY);
  const today = formatDay(now, zone);
  return {
    zone,
    figures: {
      today: figures.todayCount,
      nextSevenDays: figures.nextSevenDaysCount,
      unpaidUpcoming: figures.unpaidUpcomingCount,
      revenueThisMonth: moneyText(figures.revenueThisMonth),
      revenueLastMonth: moneyText(figures.revenueLastMonth),
      newInquiries: figures.newInquiries,
      pendingKyc: figures.pendingKyc,
      failingEmails: figures.failingEmails,
      calendarsInTrouble: figures.calendarsInTrouble,
    },
    upcoming: figures.upcoming.map((appointment) => {
      const day = formatDay(appointment.startsAt, zone);
      return {
        id: appointment.id,
        day: day === today ? "Today" : day,
        time: formatTimeOfDay(appointment.startsAt, zone),
        customer: appointment.customerName,
        consultant: appointment.consultantName,
        paid: appointment.paid,
      };
    }),
    weeks: figures.weeks.map((week) =>
      formatCalendarDate(week.weekStart, { month: "short", day: "numeric" }),
    ),
    series: [
      {
        name: "Bookings",
        values: figures.weeks.map((week) => week.bookings),
        shown: figures.weeks.map((week) => String(week.bookings)),
      },
      ...currencies.map((currency) => {
        const values = figures.weeks.map((week) => week.revenue[currency] ?? 0);
        return {
          name: currencies.length > 1 ? `Revenue (${currency})` : "Revenue",
          values,
          shown: values.map((cents) => formatMoney(cents, currency)),
        };
      }),
    ],
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { zone, figures, upcoming, weeks, series } = loaderData;
  const tiles: { label: string; value: string | number; to?: string; alert?: boolean }[] = [
    { label: "Appointments today", value: figures.today, to: "/admin/appointments" },
    { label: "In the next 7 days", value: figures.nextSevenDays, to: "/admin/appointments" },
    { label: "Unpaid upcoming", value: figures.unpaidUpcoming, to: "/admin/appointments" },
    { label: "Revenue this month", value: figures.revenueThisMonth },
    { label: "Revenue last month", value: figures.revenueLastMonth },
    { label: "New inquiries", value: figures.newInquiries, to: "/admin/inquiries" },
    { label: "KYC to review", value: figures.pendingKyc, to: "/admin/kyc" },
    {
      label: "E-mails failing",
      value: figures.failingEmails,
      to: "/admin/emails?status=failed",
      alert: figures.failingEmails > 0,
    },
    {
      label: "Calendars failing",
      value: figures.calendarsInTrouble,
      to: "/admin/consultants?calendar=failing",
      alert: figures.calendarsInTrouble > 0,
    },
  ];
  return (
    <AdminShell
      title="Dashboard"
      description={`Today at a glance. Times in ${zone.replace(/_/g, " ")} time; revenue is payments minus refunds.`}
    >
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {tiles.map((tile) => (
            <div
              key={tile.label}
              className={`flex flex-col rounded-2xl border p-4 ${tile.alert ? "border-red-300 bg-red-50" : "border-gray-200 bg-white"}`}
            >
              <dt className="text-muted text-sm">
                {tile.to ? (
                  <Link to={tile.to} className="underline-offset-4 hover:text-brand-800 hover:underline">
                    {tile.label}
                  </Link>
                ) : (
                  tile.label
                )}
              </dt>
              <dd className="order-first wrap-anywhere font-bold text-2xl text-ink tabular-nums">
                {tile.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Panel id="upcoming-heading" title="Today and the next 7 days" className="mt-6">
        {upcoming.length === 0 ? (
          <p className="mt-2 text-muted text-sm">No appointments booked.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {upcoming.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
                <span className="w-40 shrink-0 font-medium text-ink">
                  {appointment.day}, {appointment.time}
                </span>
                <Link
                  to={href("/admin/appointments/:appointmentId", { appointmentId: appointment.id })}
                  className="min-w-0 flex-1 text-brand-800 underline-offset-4 hover:underline"
                >
                  {appointment.customer} with {appointment.consultant}
                </Link>
                {appointment.paid ? <Badge tone="green">Paid</Badge> : <Badge tone="amber">Unpaid</Badge>}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="weeks-heading" title="The last 12 weeks" className="mt-6">
        <p className="mt-1 mb-4 text-muted text-sm">
          Bookings made and revenue taken per week, Monday to Sunday; refunds count in the week given.
        </p>
        <WeeklyChart title="Bookings and revenue per week" weeks={weeks} series={series} />
      </Panel>
    </AdminShell>
  );
}
