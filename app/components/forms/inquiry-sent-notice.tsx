import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { SuccessIcon } from "~/components/site/icons";
import { inquiryMessages } from "~/features/contact/inquiry-fields";

/**
 * What the contact page shows once an inquiry is sent, with the focus on its heading. Its own
 * chunk: only a visitor who has just sent an inquiry needs it.
 */
export default function SentNotice() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="py-6 text-center sm:py-10">
      <SuccessIcon className="mx-auto size-12 text-green-700" />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 font-bold text-2xl text-ink focus:outline-none">
        {inquiryMessages.sent}
      </h2>
      <p className="mx-auto mt-3 max-w-md text-muted">
        Thank you for your inquiry. We have e-mailed you a confirmation and will reply within one business
        day.
      </p>
      <Link
        to="/contact"
        className="mt-6 inline-flex font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        Send another inquiry
      </Link>
    </div>
  );
}
