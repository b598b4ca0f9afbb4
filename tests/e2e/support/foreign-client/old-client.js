/*
 * A stand-in for the old app's own front end (the doctor-appointment template our API comes
 * from), reduced to its API calls: the same paths, the `token` header, the same bodies, and the
 * same ways of reading answers (it trusts `data.success` and shows `data.message`; its sign-up and
 * login handlers catch nothing; its other pages show the error's own message). `backendUrl` is
 * put before this file by the test's server, as the old app's build puts its VITE_BACKEND_URL.
 */
/* global axios, backendUrl */

const view = document.getElementById("view");
let token = localStorage.getItem("token") || "";
let doctors = [];
let userData = false;

function toast(kind, message) {
  const line = document.createElement("p");
  line.className = `toast toast-${kind}`;
  line.textContent = message;
  document.getElementById("toasts").append(line);
}

function setToken(value) {
  token = value;
  if (value) localStorage.setItem("token", value);
  else localStorage.removeItem("token");
}

function navigate(path) {
  history.pushState(null, "", path);
  render();
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

// --- The shared state's calls (doctor list, profile) ---

async function loadDoctors() {
  try {
    const { data } = await axios.get(`${backendUrl}/api/doctor/list`);
    if (data.success) doctors = data.doctors;
    else toast("error", data.message);
  } catch (error) {
    toast("error", error.message);
  }
}

async function loadProfile() {
  try {
    const { data } = await axios.get(`${backendUrl}/api/user/get-profile`, { headers: { token } });
    if (data.success) userData = data.userData;
    else toast("error", data.message);
  } catch (error) {
    toast("error", error.message);
  }
}

// --- Pages ---

function homePage() {
  return element(
    "section",
    {},
    element("h1", {}, "Doctors"),
    element(
      "ul",
      { id: "doctors" },
      ...doctors.map((doctor) =>
        element(
          "li",
          {},
          element("img", { src: doctor.image, alt: doctor.name }),
          element("a", { href: `/appointment/${doctor._id}`, "data-link": "" }, doctor.name),
          ` ${doctor.speciality}`,
        ),
      ),
    ),
  );
}

function loginPage() {
  let state = "Sign Up";
  const name = element("input", { id: "name", "aria-label": "Full Name" });
  const email = element("input", { id: "email", type: "email", "aria-label": "Email" });
  const password = element("input", { id: "password", type: "password", "aria-label": "Password" });
  const submit = element("button", { type: "submit" }, "Create account");
  const toggle = element("button", { type: "button" }, "Login here");
  const form = element("form", {}, element("h1", {}, "Login"), name, email, password, submit, toggle);
  toggle.addEventListener("click", () => {
    state = state === "Sign Up" ? "Login" : "Sign Up";
    name.hidden = state === "Login";
    submit.textContent = state === "Sign Up" ? "Create account" : "Login";
    toggle.textContent = state === "Sign Up" ? "Login here" : "Sign up here";
  });
  // As in the old client: no try/catch, so a rejected request shows nothing at all.
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const path = state === "Sign Up" ? "/api/user/register" : "/api/user/login";
    const body =
      state === "Sign Up"
        ? { name: name.value, email: email.value, password: password.value }
        : { email: email.value, password: password.value };
    const { data } = await axios.post(backendUrl + path, body);
    if (data.success) {
      setToken(data.token);
      await loadProfile();
      navigate("/");
    } else {
      toast("error", data.message);
    }
  });
  return form;
}

/** The old client builds the seven days of slots itself, in the browser's zone and locale. */
function slotDays(doctor) {
  const days = [];
  const today = new Date();
  for (let offset = 0; offset < 7; offset++) {
    const current = new Date(today);
    current.setDate(today.getDate() + offset);
    const end = new Date(current);
    end.setHours(21, 0, 0, 0);
    if (offset === 0) {
      current.setHours(current.getHours() > 10 ? current.getHours() + 1 : 10);
      current.setMinutes(current.getMinutes() > 30 ? 30 : 0);
    } else {
      current.setHours(10);
      current.setMinutes(0);
    }
    current.setSeconds(0, 0);
    const slots = [];
    while (current < end) {
      const slotTime = current.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      const slotDate = `${current.getDate()}_${current.getMonth() + 1}_${current.getFullYear()}`;
      const booked = doctor.slots_booked[slotDate]?.includes(slotTime);
      if (!booked) slots.push({ slotDate, slotTime });
      current.setMinutes(current.getMinutes() + 30);
    }
    days.push(slots);
  }
  return days;
}

function appointmentPage(docId) {
  const doctor = doctors.find((candidate) => candidate._id === docId);
  if (!doctor) return element("p", {}, "Loading…");
  const days = slotDays(doctor);
  let chosen;
  const times = element("div", { id: "slot-times" });
  const showDay = (index) => {
    times.replaceChildren(
      ...days[index].map((slot) =>
        element(
          "button",
          {
            type: "button",
            "data-slot-date": slot.slotDate,
            onclick: (event) => {
              chosen = slot;
              for (const other of times.children) other.removeAttribute("aria-pressed");
              event.currentTarget.setAttribute("aria-pressed", "true");
            },
          },
          slot.slotTime,
        ),
      ),
    );
  };
  const dayButtons = days.map((_, index) =>
    element("button", { type: "button", onclick: () => showDay(index) }, `Day ${index + 1}`),
  );
  showDay(0);
  const book = async () => {
    if (!token) {
      toast("error", "Login to book appointment");
      navigate("/login");
      return;
    }
    try {
      const { data } = await axios.post(
        `${backendUrl}/api/user/book-appointment`,
        { docId, slotDate: chosen.slotDate, slotTime: chosen.slotTime },
        { headers: { token } },
      );
      if (data.success) {
        toast("success", data.message);
        await loadDoctors();
        navigate("/my-appointments");
      } else {
        toast("error", data.message);
      }
    } catch (error) {
      toast("error", error.message);
    }
  };
  return element(
    "section",
    {},
    element("img", { src: doctor.image, alt: doctor.name }),
    element("h1", {}, doctor.name),
    element("div", {}, ...dayButtons),
    times,
    element("button", { type: "button", onclick: book }, "Book an appointment"),
  );
}

const months = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function slotDateFormat(slotDate) {
  const [day, month, year] = slotDate.split("_");
  return `${day} ${months[Number(month)]} ${year}`;
}

function myAppointmentsPage() {
  const list = element("ul", { id: "appointments" });
  const section = element("section", {}, element("h1", {}, "My appointments"), list);
  const load = async () => {
    try {
      const { data } = await axios.get(`${backendUrl}/api/user/appointments`, { headers: { token } });
      // The old server answered oldest first; the old client shows newest first.
      const appointments = data.appointments.reverse();
      list.replaceChildren(...appointments.map((appointment) => row(appointment)));
    } catch (error) {
      toast("error", error.message);
    }
  };
  const cancel = async (appointmentId) => {
    try {
      const { data } = await axios.post(
        `${backendUrl}/api/user/cancel-appointment`,
        { appointmentId },
        { headers: { token } },
      );
      if (data.success) {
        toast("success", data.message);
        await load();
      } else {
        toast("error", data.message);
      }
    } catch (error) {
      toast("error", error.message);
    }
  };
  const payStripe = async (appointmentId) => {
    try {
      const { data } = await axios.post(
        `${backendUrl}/api/user/payment-stripe`,
        { appointmentId },
        { headers: { token } },
      );
      if (data.success) window.location.replace(data.session_url);
      else toast("error", data.message);
    } catch (error) {
      toast("error", error.message);
    }
  };
  const row = (appointment) => {
    const actions = [];
    if (!appointment.cancelled && appointment.payment && !appointment.isCompleted) {
      actions.push(element("span", {}, "Paid"));
    }
    if (!appointment.cancelled && !appointment.payment && !appointment.isCompleted) {
      actions.push(
        element("button", { type: "button", onclick: () => payStripe(appointment._id) }, "Pay with Stripe"),
        element("button", { type: "button", onclick: () => cancel(appointment._id) }, "Cancel appointment"),
      );
    }
    if (appointment.cancelled && !appointment.isCompleted) {
      actions.push(element("span", {}, "Appointment cancelled"));
    }
    return element(
      "li",
      {},
      element("img", { src: appointment.docData.image, alt: appointment.docData.name }),
      element("strong", {}, appointment.docData.name),
      ` ${slotDateFormat(appointment.slotDate)} | ${appointment.slotTime} `,
      ...actions,
    );
  };
  if (token) load();
  return section;
}

function myProfilePage() {
  if (!userData) return element("p", {}, "Loading…");
  const field = (id, label, value, type = "text") =>
    element("label", {}, `${label} `, element("input", { id, type, value: value ?? "" }));
  const picture = element("input", { id: "image", type: "file", accept: "image/*", "aria-label": "Picture" });
  const save = async () => {
    const value = (id) => document.getElementById(id).value;
    try {
      const formData = new FormData();
      formData.append("name", value("profile-name"));
      formData.append("phone", value("phone"));
      formData.append("address", JSON.stringify({ line1: value("line1"), line2: value("line2") }));
      formData.append("gender", value("gender"));
      formData.append("dob", value("dob"));
      if (picture.files[0]) formData.append("image", picture.files[0]);
      const { data } = await axios.post(`${backendUrl}/api/user/update-profile`, formData, {
        headers: { token },
      });
      if (data.success) {
        toast("success", data.message);
        await loadProfile();
        render();
      } else {
        toast("error", data.message);
      }
    } catch (error) {
      toast("error", error.message);
    }
  };
  return element(
    "section",
    {},
    element("img", { id: "profile-picture", src: userData.image, alt: "Profile" }),
    element("h1", {}, userData.name),
    field("profile-name", "Name", userData.name),
    field("phone", "Phone", userData.phone),
    field("line1", "Address line 1", userData.address.line1),
    field("line2", "Address line 2", userData.address.line2),
    field("gender", "Gender", userData.gender),
    field("dob", "Birthday", userData.dob, "date"),
    picture,
    element("button", { type: "button", onclick: save }, "Save information"),
  );
}

/** The Stripe return: asks the server, shows its message, then goes to My Appointments. */
function verifyPage() {
  const query = new URLSearchParams(location.search);
  const success = query.get("success");
  const appointmentId = query.get("appointmentId");
  (async () => {
    try {
      const { data } = await axios.post(
        `${backendUrl}/api/user/verifyStripe`,
        { success, appointmentId },
        { headers: { token } },
      );
      if (data.success) toast("success", data.message);
      else toast("error", data.message);
    } catch (error) {
      toast("error", error.message);
    }
    navigate("/my-appointments");
  })();
  return element("p", {}, "Verifying your payment…");
}

function render() {
  const path = location.pathname;
  let page;
  if (path === "/login") page = loginPage();
  else if (path.startsWith("/appointment/")) page = appointmentPage(path.slice("/appointment/".length));
  else if (path === "/my-appointments") page = myAppointmentsPage();
  else if (path === "/my-profile") page = myProfilePage();
  else if (path === "/verify") page = verifyPage();
  else page = homePage();
  view.replaceChildren(page);
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});
document.getElementById("logout").addEventListener("click", () => {
  setToken("");
  userData = false;
  navigate("/login");
});
window.addEventListener("popstate", render);

(async () => {
  await loadDoctors();
  if (token) await loadProfile();
  render();
  document.body.dataset.ready = "true";
})();
