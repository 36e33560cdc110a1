import { describe, expect, it } from "vitest";
import { choiceOf } from "../../shared/import-schemas.js";
import { guessMapping, guessMappingFromValues, looksLikeHeader, recordToCandidate } from "./csv-mapping.js";

/** header -> the screen's choice for it ('phones', 'addresses.city'). */
function targets(headers: string[]) {
  const mapping = guessMapping(headers);
  return Object.fromEntries(headers.map((h, i) => [h, choiceOf(mapping[i]!)]));
}

/** Columns not listed must be kept as custom fields. */
function expectLayout(headers: string[], expected: Record<string, string>) {
  const got = targets(headers);
  expect(got).toEqual(Object.fromEntries(headers.map((h) => [h, expected[h] ?? "custom"])));
}

describe("column mapping guessed from the headers of real exports", () => {
  it("reads the spec's own layout and template", () => {
    expectLayout(["first_name", "last_name", "email", "notes", "phone"], {
      first_name: "first_name",
      last_name: "last_name",
      email: "emails",
      notes: "notes",
      phone: "phones",
    });
    expectLayout(["Name", "Phone", "Email", "Notes"], { Name: "full_name", Phone: "phones", Email: "emails", Notes: "notes" });
  });

  it("reads Google Contacts' current layout, phone labels included", () => {
    const headers = [
      "First Name",
      "Middle Name",
      "Last Name",
      "Phonetic First Name",
      "Nickname",
      "Birthday",
      "Notes",
      "Labels",
      "E-mail 1 - Label",
      "E-mail 1 - Value",
      "Phone 1 - Label",
      "Phone 1 - Value",
      "Phone 2 - Label",
      "Phone 2 - Value",
      "Address 1 - Label",
      "Address 1 - Formatted",
      "Address 1 - Street",
      "Address 1 - City",
      "Address 1 - Region",
      "Address 1 - Postal Code",
      "Address 1 - Country",
      "Organization Name",
      "Organization Title",
    ];
    expectLayout(headers, {
      "First Name": "first_name",
      "Last Name": "last_name",
      Notes: "notes",
      "E-mail 1 - Value": "emails",
      "Phone 1 - Label": "phones.label",
      "Phone 1 - Value": "phones",
      "Phone 2 - Label": "phones.label",
      "Phone 2 - Value": "phones",
      "Address 1 - Street": "addresses.street",
      "Address 1 - City": "addresses.city",
      "Address 1 - Region": "addresses.region",
      "Address 1 - Postal Code": "addresses.postal_code",
      "Address 1 - Country": "addresses.country",
      "Address 1 - Formatted": "addresses.formatted",
      "Address 1 - Label": "addresses.label",
      Birthday: "dates",
      "E-mail 1 - Label": "emails.label",
      Labels: "categories",
      "Middle Name": "middle_name",
      Nickname: "nickname",
      "Organization Name": "company",
      "Organization Title": "job_title",
      "Phonetic First Name": "phonetic_first_name",
    });
  });

  it("reads Google Contacts' old layout (Given Name, Family Name, Type columns)", () => {
    const headers = [
      "Name",
      "Given Name",
      "Additional Name",
      "Family Name",
      "Notes",
      "E-mail 1 - Type",
      "E-mail 1 - Value",
      "Phone 1 - Type",
      "Phone 1 - Value",
      "Organization 1 - Name",
      "Organization 1 - Title",
    ];
    expectLayout(headers, {
      Name: "full_name",
      "Given Name": "first_name",
      "Family Name": "last_name",
      Notes: "notes",
      "E-mail 1 - Value": "emails",
      "Phone 1 - Type": "phones.type",
      "Phone 1 - Value": "phones",
      "Organization 1 - Name": "company",
      "Additional Name": "middle_name",
      "E-mail 1 - Type": "emails.type",
      "Organization 1 - Title": "job_title",
    });
  });

  it("reads Outlook's layout: every address group and every phone column, and its other fields", () => {
    const headers = [
      "Title",
      "First Name",
      "Middle Name",
      "Last Name",
      "Suffix",
      "Company",
      "Department",
      "Job Title",
      "Business Street",
      "Business City",
      "Business State",
      "Business Postal Code",
      "Business Country/Region",
      "Home Street",
      "Home City",
      "Home State",
      "Home Postal Code",
      "Business Fax",
      "Business Phone",
      "Home Phone",
      "Mobile Phone",
      "Pager",
      "E-mail Address",
      "E-mail Type",
      "E-mail Display Name",
      "E-mail 2 Address",
      "Notes",
      "Web Page",
    ];
    const mapping = guessMapping(headers);
    expectLayout(headers, {
      "First Name": "first_name",
      "Last Name": "last_name",
      Company: "company",
      "Business Street": "addresses.street",
      "Business City": "addresses.city",
      "Business State": "addresses.region",
      "Business Postal Code": "addresses.postal_code",
      "Business Country/Region": "addresses.country",
      "Home Street": "addresses.street",
      "Home City": "addresses.city",
      "Home State": "addresses.region",
      "Home Postal Code": "addresses.postal_code",
      Title: "name_prefix",
      "Middle Name": "middle_name",
      Suffix: "name_suffix",
      Department: "department",
      "Job Title": "job_title",
      "E-mail Type": "ignore",
      "E-mail Display Name": "ignore",
      "Web Page": "urls",
      "Business Fax": "phones",
      "Business Phone": "phones",
      "Home Phone": "phones",
      "Mobile Phone": "phones",
      Pager: "phones",
      "E-mail Address": "emails",
      "E-mail 2 Address": "emails",
      Notes: "notes",
    });
    expect(mapping[headers.indexOf("Mobile Phone")]).toEqual({ target: "phones", part: "value", type: "mobile" });
    expect(mapping[headers.indexOf("Business Fax")]).toEqual({ target: "phones", part: "value", type: "fax_work" });
    expect(mapping[headers.indexOf("Home Phone")]).toEqual({ target: "phones", part: "value", type: "home" });
    // Each address group fills an address of its own, typed by its group.
    expect(mapping[headers.indexOf("Business City")]).toEqual({ target: "addresses", part: "city", type: "work", entry: 1 });
    expect(mapping[headers.indexOf("Home City")]).toEqual({ target: "addresses", part: "city", type: "home", entry: 2 });
  });

  it.each([
    [
      "German",
      [
        "Anrede",
        "Vorname",
        "Nachname",
        "Firma",
        "Straße geschäftlich",
        "Ort geschäftlich",
        "Region geschäftlich",
        "Postleitzahl geschäftlich",
      ],
      ["Straße privat", "Ort privat", "Fax geschäftlich", "Telefon geschäftlich", "Telefon privat", "Mobiltelefon"],
      ["E-Mail-Adresse", "E-Mail-Typ", "E-Mail: Angezeigter Name", "Notizen"],
    ],
    [
      "French",
      ["Titre", "Prénom", "Nom", "Société", "Rue (bureau)", "Ville (bureau)", "Dép/Région (bureau)", "Code postal (bureau)"],
      ["Rue (domicile)", "Ville (domicile)", "Télécopie (bureau)", "Téléphone (bureau)", "Téléphone (domicile)", "Tél. mobile"],
      ["Adresse de messagerie", "Type de messagerie", "Nom complet de l'adresse de messagerie", "Notes"],
    ],
    [
      "Spanish",
      [
        "Tratamiento",
        "Nombre",
        "Apellidos",
        "Organización",
        "Calle del trabajo",
        "Ciudad de trabajo",
        "Provincia o estado de trabajo",
        "Código postal del trabajo",
      ],
      ["Calle del domicilio", "Ciudad del domicilio", "Fax del trabajo", "Teléfono del trabajo", "Teléfono particular", "Teléfono móvil"],
      ["Dirección de correo electrónico", "Tipo de correo electrónico", "Nombre para mostrar del correo electrónico", "Notas"],
    ],
  ])(
    "reads Outlook's %s layout: names, the business address, each phone with its type, the e-mail, notes",
    (_language, names, phones, rest) => {
      const headers = [...names, ...phones, ...rest];
      expectLayout(headers, {
        [names[1]!]: "first_name",
        [names[2]!]: "last_name",
        [names[3]!]: "company",
        [names[4]!]: "addresses.street",
        [names[5]!]: "addresses.city",
        [names[6]!]: "addresses.region",
        [names[7]!]: "addresses.postal_code",
        [names[0]!]: "name_prefix",
        [phones[0]!]: "addresses.street",
        [phones[1]!]: "addresses.city",
        [phones[2]!]: "phones",
        [phones[3]!]: "phones",
        [phones[4]!]: "phones",
        [phones[5]!]: "phones",
        [rest[0]!]: "emails",
        [rest[1]!]: "ignore",
        [rest[2]!]: "ignore",
        [rest[3]!]: "notes",
      });
      const types = guessMapping(headers)
        .slice(names.length + 2, names.length + 6)
        .map((m) => m.type);
      expect(types).toEqual(["fax_work", "work", "home", "mobile"]);
    },
  );

  it("reads Thunderbird's German and French layouts", () => {
    expectLayout(["Vorname", "Nachname", "Anzeigename", "Primäre E-Mail-Adresse", "Tel. dienstlich", "Tel. privat", "Mobil-Tel.-Nr."], {
      Vorname: "first_name",
      Nachname: "last_name",
      Anzeigename: "full_name",
      "Primäre E-Mail-Adresse": "emails",
      "Tel. dienstlich": "phones",
      "Tel. privat": "phones",
      "Mobil-Tel.-Nr.": "phones",
    });
    expect(guessMapping(["Tel. dienstlich", "Tel. privat", "Mobil-Tel.-Nr."]).map((m) => m.type)).toEqual(["work", "home", "mobile"]);
    const french = [
      "Prénom",
      "Nom de famille",
      "Nom à afficher",
      "Adresse électronique principale",
      "Tél. professionnel",
      "Tél. personnel",
      "Portable",
    ];
    expectLayout(french, {
      Prénom: "first_name",
      "Nom de famille": "last_name",
      "Nom à afficher": "full_name",
      "Adresse électronique principale": "emails",
      "Tél. professionnel": "phones",
      "Tél. personnel": "phones",
      Portable: "phones",
    });
    expect(
      guessMapping(french)
        .slice(4)
        .map((m) => m.type),
    ).toEqual(["work", "home", "mobile"]);
  });

  it.each([
    [
      "Russian",
      ["Имя", "Фамилия", "Организация", "Рабочий адрес, улица", "Рабочий адрес, город", "Рабочий адрес, область", "Рабочий адрес, индекс"],
      ["Рабочий телефон", "Домашний телефон", "Телефон переносной", "Адрес эл. почты", "Заметки"],
    ],
    [
      "Japanese",
      ["名", "姓", "会社", "勤務先住所 番地", "勤務先住所 市区町村", "勤務先住所 都道府県", "勤務先郵便番号"],
      ["会社電話", "自宅電話", "携帯電話", "電子メール アドレス", "メモ"],
    ],
    [
      "Chinese",
      ["名", "姓", "公司", "商务地址 街道", "商务地址 市/县", "商务地址 省/市/自治区", "商务地址 邮政编码"],
      ["商务电话", "住宅电话", "移动电话", "电子邮件地址", "附注"],
    ],
    [
      "Turkish",
      ["Ad", "Soyad", "Şirket", "İş Adresi", "Şehir", "Bölge", "Posta Kodu"],
      ["İş Telefonu", "Ev Telefonu", "Cep Telefonu", "E-posta", "Notlar"],
    ],
  ])("reads %s headers: names, company, address, phones with their types, e-mail, notes", (_language, fields, rest) => {
    const headers = [...fields, ...rest];
    const [firstName, lastName, company, street, city, state, postal] = fields as [string, string, string, string, string, string, string];
    expectLayout(headers, {
      [firstName]: "first_name",
      [lastName]: "last_name",
      [company]: "company",
      [street]: "addresses.street",
      [city]: "addresses.city",
      [state]: "addresses.region",
      [postal]: "addresses.postal_code",
      [rest[0]!]: "phones",
      [rest[1]!]: "phones",
      [rest[2]!]: "phones",
      [rest[3]!]: "emails",
      [rest[4]!]: "notes",
    });
    expect(
      guessMapping(headers)
        .slice(fields.length, fields.length + 3)
        .map((m) => m.type),
    ).toEqual(["work", "home", "mobile"]);
  });

  it("reads other languages' names for the usual columns", () => {
    expectLayout(["Nome", "Cognome", "Azienda", "Cellulare", "Indirizzo posta elettronica", "Città", "CAP", "Note"], {
      Nome: "first_name",
      Cognome: "last_name",
      Azienda: "company",
      Cellulare: "phones",
      "Indirizzo posta elettronica": "emails",
      Città: "addresses.city",
      CAP: "addresses.postal_code",
      Note: "notes",
    });
    expectLayout(["Voornaam", "Achternaam", "Bedrijf", "Mobiel", "E-mailadres", "Plaats", "Postcode", "Notities"], {
      Voornaam: "first_name",
      Achternaam: "last_name",
      Bedrijf: "company",
      Mobiel: "phones",
      "E-mailadres": "emails",
      Plaats: "addresses.city",
      Postcode: "addresses.postal_code",
      Notities: "notes",
    });
    expectLayout(["Nome", "Sobrenome", "Empresa", "Telemóvel", "Endereço de e-mail", "Cidade", "CEP", "Notas"], {
      CEP: "addresses.postal_code",
      Nome: "first_name",
      Sobrenome: "last_name",
      Empresa: "company",
      Telemóvel: "phones",
      "Endereço de e-mail": "emails",
      Cidade: "addresses.city",
      Notas: "notes",
    });
  });

  it("reads CRM and membership tools' exports: HubSpot, Salesforce, Zoho, Pipedrive, Planning Center, LinkedIn", () => {
    // HubSpot's contact export.
    expectLayout(
      ["First Name", "Last Name", "Email", "Phone Number", "Mobile Phone Number", "Company Name", "Street Address"].concat([
        "City",
        "State/Region",
        "Postal Code",
        "Country/Region",
        "Lifecycle Stage",
      ]),
      {
        "First Name": "first_name",
        "Last Name": "last_name",
        Email: "emails",
        "Phone Number": "phones",
        "Mobile Phone Number": "phones",
        "Company Name": "company",
        "Street Address": "addresses.street",
        City: "addresses.city",
        "State/Region": "addresses.region",
        "Postal Code": "addresses.postal_code",
        "Country/Region": "addresses.country",
      },
    );
    // A Salesforce contacts report: the mailing address is taken, the other one left for the person.
    expectLayout(
      ["First Name", "Last Name", "Title", "Account Name", "Mailing Street", "Mailing City", "Mailing State/Province"].concat([
        "Mailing Zip/Postal Code",
        "Mailing Country",
        "Other Street",
        "Other City",
        "Phone",
        "Mobile",
        "Email",
        "Description",
      ]),
      {
        "First Name": "first_name",
        "Last Name": "last_name",
        "Account Name": "company",
        "Mailing Street": "addresses.street",
        "Mailing City": "addresses.city",
        "Mailing State/Province": "addresses.region",
        "Mailing Zip/Postal Code": "addresses.postal_code",
        "Mailing Country": "addresses.country",
        "Other Street": "addresses.street",
        "Other City": "addresses.city",
        Title: "job_title",
        Phone: "phones",
        Mobile: "phones",
        Email: "emails",
        Description: "notes",
      },
    );
    // Salesforce's data export writes the fields' API names.
    expectLayout(
      ["FirstName", "LastName", "MailingStreet", "MailingCity", "MailingState", "MailingPostalCode", "MobilePhone"].concat([
        "HomePhone",
        "Email",
        "AccountId",
      ]),
      {
        FirstName: "first_name",
        LastName: "last_name",
        MailingStreet: "addresses.street",
        MailingCity: "addresses.city",
        MailingState: "addresses.region",
        MailingPostalCode: "addresses.postal_code",
        MobilePhone: "phones",
        HomePhone: "phones",
        Email: "emails",
      },
    );
    expect(guessMapping(["MobilePhone", "HomePhone"]).map((m) => m.type)).toEqual(["mobile", "home"]);
    // Zoho CRM.
    expectLayout(["First Name", "Last Name", "Account Name", "Mobile", "Mailing Street", "Mailing City", "Mailing State", "Mailing Zip"], {
      "First Name": "first_name",
      "Last Name": "last_name",
      "Account Name": "company",
      Mobile: "phones",
      "Mailing Street": "addresses.street",
      "Mailing City": "addresses.city",
      "Mailing State": "addresses.region",
      "Mailing Zip": "addresses.postal_code",
    });
    // Pipedrive's people export.
    expectLayout(["Name", "Organization", "Email - Work", "Email - Home", "Phone - Mobile", "Phone - Work", "Label"], {
      Name: "full_name",
      Organization: "company",
      "Email - Work": "emails",
      "Email - Home": "emails",
      "Phone - Mobile": "phones",
      "Phone - Work": "phones",
    });
    // Planning Center People (churches): the home address's parts after 'Home Address'.
    expectLayout(
      ["First Name", "Last Name", "Home Email", "Mobile Phone Number", "Home Phone Number", "Home Address Street Line 1"].concat([
        "Home Address Street Line 2",
        "Home Address City",
        "Home Address State",
        "Home Address Zip Code",
        "Membership",
      ]),
      {
        "First Name": "first_name",
        "Last Name": "last_name",
        "Home Email": "emails",
        "Mobile Phone Number": "phones",
        "Home Phone Number": "phones",
        "Home Address Street Line 1": "addresses.street",
        "Home Address Street Line 2": "addresses.extended",
        "Home Address City": "addresses.city",
        "Home Address State": "addresses.region",
        "Home Address Zip Code": "addresses.postal_code",
      },
    );
    // LinkedIn's connections (their notes above the header are skipped by csv-preamble.ts).
    expectLayout(["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"], {
      "First Name": "first_name",
      "Last Name": "last_name",
      "Email Address": "emails",
      Company: "company",
      Position: "job_title",
      URL: "urls",
      "Connected On": "dates",
    });
    // Google's address columns: 'Formatted' is taken when the parts are empty, 'Label' is the kind.
    expectLayout(["Address 1 - Label", "Address 1 - Formatted", "Address 1 - Street", "Address 1 - Region"], {
      "Address 1 - Label": "addresses.label",
      "Address 1 - Formatted": "addresses.formatted",
      "Address 1 - Street": "addresses.street",
      "Address 1 - Region": "addresses.region",
    });
  });

  it("reads Thunderbird, Yahoo, Windows Contacts, KMail and Apple exports", () => {
    expectLayout(
      [
        "First Name",
        "Last Name",
        "Display Name",
        "Nickname",
        "Primary Email",
        "Secondary Email",
        "Screen Name",
        "Work Phone",
        "Home Phone",
        "Fax Number",
        "Pager Number",
        "Mobile Number",
        "Home Address",
        "Home Address 2",
        "Home City",
        "Home State",
        "Home ZipCode",
        "Home Country",
        "Organization",
        "Notes",
      ],
      {
        "First Name": "first_name",
        "Last Name": "last_name",
        "Display Name": "full_name",
        "Primary Email": "emails",
        "Secondary Email": "emails",
        "Work Phone": "phones",
        "Home Phone": "phones",
        "Fax Number": "phones",
        "Pager Number": "phones",
        "Mobile Number": "phones",
        "Home Address": "addresses.street",
        "Home Address 2": "addresses.extended",
        "Home City": "addresses.city",
        "Home State": "addresses.region",
        "Home ZipCode": "addresses.postal_code",
        "Home Country": "addresses.country",
        Nickname: "nickname",
        Organization: "company",
        Notes: "notes",
      },
    );
    expectLayout(
      [
        "First",
        "Middle",
        "Last",
        "Nickname",
        "Email",
        "Category",
        "Home",
        "Work",
        "Mobile",
        "Company",
        "Home Address",
        "Home City",
        "Home State",
        "Home ZIP",
        "Comments",
      ],
      {
        First: "first_name",
        Middle: "middle_name",
        Nickname: "nickname",
        Category: "categories",
        Last: "last_name",
        Email: "emails",
        Mobile: "phones",
        Company: "company",
        "Home Address": "addresses.street",
        "Home City": "addresses.city",
        "Home State": "addresses.region",
        "Home ZIP": "addresses.postal_code",
        Comments: "notes",
      },
    );
    expectLayout(
      [
        "Name",
        "E-mail Address",
        "Home Street",
        "Home City",
        "Home Postal Code",
        "Home State",
        "Home Phone",
        "Mobile Phone",
        "Business Phone",
        "Company",
        "Notes",
      ],
      {
        Name: "full_name",
        "E-mail Address": "emails",
        "Home Street": "addresses.street",
        "Home City": "addresses.city",
        "Home Postal Code": "addresses.postal_code",
        "Home State": "addresses.region",
        "Home Phone": "phones",
        "Mobile Phone": "phones",
        "Business Phone": "phones",
        Company: "company",
        Notes: "notes",
      },
    );
    expectLayout(
      [
        "Formatted Name",
        "Family Name",
        "Given Name",
        "Additional Names",
        "Home Phone",
        "Mobile Phone",
        "Email Address",
        "Organization",
        "Note",
      ],
      {
        "Formatted Name": "full_name",
        "Family Name": "last_name",
        "Given Name": "first_name",
        "Additional Names": "middle_name",
        "Home Phone": "phones",
        "Mobile Phone": "phones",
        "Email Address": "emails",
        Organization: "company",
        Note: "notes",
      },
    );
    expectLayout(["First name", "Last name", "Company", "Phone: mobile", "Phone: work", "Email: home"], {
      "First name": "first_name",
      "Last name": "last_name",
      Company: "company",
      "Phone: mobile": "phones",
      "Phone: work": "phones",
      "Email: home": "emails",
    });
  });

  it("tells a header row from data, and maps a headerless file by its values", () => {
    expect(looksLikeHeader(["Name", "Phone", "Email"])).toBe(true);
    expect(looksLikeHeader(["Ada", "+44 20 7946 0000", "ada@example.com"])).toBe(false);
    expect(looksLikeHeader(["x1", "y2"])).toBe(false);
    expect(
      guessMappingFromValues([
        ["Ada", "+44 20 7946 0000", "ada@example.com"],
        ["Bob", "555-123-4567", "bob@example.com"],
      ]).map((m) => m.target),
    ).toEqual(["custom", "phones", "emails"]);
  });

  it("turns a record into a candidate: mobile first among phones, labels as types, every e-mail", () => {
    const headers = ["First Name", "Last Name", "Business Phone", "Mobile Phone", "E-mail Address", "E-mail 2 Address"];
    const candidate = recordToCandidate(
      ["Ada", "Lovelace", "+44 20 7946 0001", "+44 7700 900001", "", "second@example.com"],
      guessMapping(headers),
    );
    expect(candidate.singles).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    expect(candidate.lists.emails).toEqual([{ value: "second@example.com" }]);
    expect(candidate.lists.phones).toEqual([
      { value: "+44 7700 900001", type: "mobile" },
      { value: "+44 20 7946 0001", type: "work" },
    ]);
    const google = ["Phone 1 - Label", "Phone 1 - Value"];
    expect(recordToCandidate(["Work", "555 123 4567"], guessMapping(google)).lists.phones).toEqual([
      { value: "555 123 4567", type: "work" },
    ]);
    expect(recordToCandidate(["* Mobile", "555 123 4567 ::: 555 765 4321"], guessMapping(google)).lists.phones).toEqual([
      { value: "555 123 4567", type: "mobile" },
      { value: "555 765 4321", type: "mobile" },
    ]);
  });
});

describe("a whole name written surname first", () => {
  const name = (value: string, headers = ["Name", "Phone"], row = [value, "555 010 2001"]) => {
    const { singles, full_name } = recordToCandidate(row, guessMapping(headers));
    return { first_name: singles.first_name, last_name: singles.last_name, full_name };
  };

  it("reads 'Lovelace, Ada' as first name Ada, last name Lovelace", () => {
    expect(name("Lovelace, Ada")).toEqual({ first_name: "Ada", last_name: "Lovelace", full_name: undefined });
    expect(name("van Gogh,Vincent Willem")).toEqual({ first_name: "Vincent Willem", last_name: "van Gogh", full_name: undefined });
  });

  it("keeps a name whose comma ends it with a title or a company's form, and names without a comma", () => {
    for (const whole of ["Ada Lovelace, PhD", "Martin Luther King, Jr.", "Acme, Inc.", "Ada Lovelace", "Smith, Jones, and Partners"])
      expect(name(whole)).toEqual({ first_name: undefined, last_name: undefined, full_name: whole });
  });

  it("leaves the name alone when the file has first or last name columns", () => {
    expect(name("Lovelace, Ada", ["Name", "Last Name", "Phone"], ["Lovelace, Ada", "Lovelace", "555 010 2001"])).toEqual({
      first_name: undefined,
      last_name: "Lovelace",
      full_name: "Lovelace, Ada",
    });
  });
});

describe("two numbers in one cell", () => {
  it.each([
    ["555 010 2001 / 555 010 2002"],
    ["555 010 2001; 555 010 2002"],
    ["555 010 2001\n555 010 2002"],
    ["555 010 2001, 555 010 2002"],
  ])("reads %j as two phones", (cell) => {
    expect(recordToCandidate(["Ann", cell], guessMapping(["name", "phone"])).lists.phones.map((p) => p.value)).toEqual([
      "555 010 2001",
      "555 010 2002",
    ]);
  });

  it("keeps a cell whose parts are not each a number as one number", () => {
    expect(recordToCandidate(["Ann", "555 010 2001 / 12"], guessMapping(["name", "phone"])).lists.phones.map((p) => p.value)).toEqual([
      "555 010 2001 / 12",
    ]);
  });
});

describe("cells written safe against formulas", () => {
  it("reads an apostrophe before a formula character as the value itself, and keeps other apostrophes", () => {
    const mapping = guessMapping(["name", "phone", "notes"]);
    expect(recordToCandidate(["'=Ann", "'+1 555 0100", "'-note"], mapping)).toMatchObject({
      full_name: "=Ann",
      lists: { phones: [{ value: "+1 555 0100" }] },
      singles: { notes: "-note" },
    });
    expect(recordToCandidate(["O'Neil", "5550100", "'quoted'"], mapping)).toMatchObject({
      full_name: "O'Neil",
      singles: { notes: "'quoted'" },
    });
  });

  it('reads a cell written as a text formula (="0049 30 1234567") as its text, and nothing else so', () => {
    const mapping = guessMapping(["name", "phone", "notes"]);
    expect(recordToCandidate(['="Ann ""A"" Archer"', '="0049 30 1234567"', "=SUM(A1)"], mapping)).toMatchObject({
      full_name: 'Ann "A" Archer',
      lists: { phones: [{ value: "0049 30 1234567" }] },
      singles: { notes: "=SUM(A1)" },
    });
  });
});
