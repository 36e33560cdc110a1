import { describe, expect, it } from "vitest";
import { guessMapping, guessMappingFromValues, looksLikeHeader, recordToCandidate } from "./csv-mapping.js";

/** header -> target for the headers a layout names (columns not listed must be 'ignore'). */
function targets(headers: string[]) {
  return Object.fromEntries(headers.map((h, i) => [h, guessMapping(headers)[i]!.target]));
}

function expectLayout(headers: string[], expected: Record<string, string>) {
  const got = targets(headers);
  for (const header of headers) expect([header, got[header]]).toEqual([header, expected[header] ?? "ignore"]);
}

describe("column mapping guessed from the headers of real exports", () => {
  it("reads the spec's own layout and template", () => {
    expectLayout(["first_name", "last_name", "email", "notes", "phone"], {
      first_name: "first_name",
      last_name: "last_name",
      email: "email",
      notes: "notes",
      phone: "phone",
    });
    expectLayout(["Name", "Phone", "Email", "Notes"], { Name: "full_name", Phone: "phone", Email: "email", Notes: "notes" });
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
      "E-mail 1 - Value": "email",
      "Phone 1 - Label": "phone_type",
      "Phone 1 - Value": "phone",
      "Phone 2 - Label": "phone2_type",
      "Phone 2 - Value": "phone2",
      "Address 1 - Street": "address",
      "Address 1 - City": "city",
      "Address 1 - Region": "province_state",
      "Address 1 - Postal Code": "postal_zip_code",
      "Address 1 - Country": "address",
      "Organization Name": "company",
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
      "E-mail 1 - Value": "email",
      "Phone 1 - Type": "phone_type",
      "Phone 1 - Value": "phone",
      "Organization 1 - Name": "company",
    });
  });

  it("reads Outlook's layout, taking the first address group and every phone column", () => {
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
      "Business Street": "address",
      "Business City": "city",
      "Business State": "province_state",
      "Business Postal Code": "postal_zip_code",
      "Business Country/Region": "address",
      "Business Fax": "phone",
      "Business Phone": "phone",
      "Home Phone": "phone",
      "Mobile Phone": "phone",
      Pager: "phone",
      "E-mail Address": "email",
      "E-mail 2 Address": "email",
      Notes: "notes",
    });
    expect(mapping[headers.indexOf("Mobile Phone")]).toEqual({ target: "phone", phoneType: "mobile" });
    expect(mapping[headers.indexOf("Business Fax")]).toEqual({ target: "phone", phoneType: "fax_work" });
    expect(mapping[headers.indexOf("Home Phone")]).toEqual({ target: "phone", phoneType: "home" });
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
        [names[4]!]: "address",
        [names[5]!]: "city",
        [names[6]!]: "province_state",
        [names[7]!]: "postal_zip_code",
        [phones[2]!]: "phone",
        [phones[3]!]: "phone",
        [phones[4]!]: "phone",
        [phones[5]!]: "phone",
        [rest[0]!]: "email",
        [rest[3]!]: "notes",
      });
      const types = guessMapping(headers)
        .slice(names.length + 2, names.length + 6)
        .map((m) => m.phoneType);
      expect(types).toEqual(["fax_work", "work", "home", "mobile"]);
    },
  );

  it("reads Thunderbird's German and French layouts", () => {
    expectLayout(["Vorname", "Nachname", "Anzeigename", "Primäre E-Mail-Adresse", "Tel. dienstlich", "Tel. privat", "Mobil-Tel.-Nr."], {
      Vorname: "first_name",
      Nachname: "last_name",
      Anzeigename: "full_name",
      "Primäre E-Mail-Adresse": "email",
      "Tel. dienstlich": "phone",
      "Tel. privat": "phone",
      "Mobil-Tel.-Nr.": "phone",
    });
    expect(guessMapping(["Tel. dienstlich", "Tel. privat", "Mobil-Tel.-Nr."]).map((m) => m.phoneType)).toEqual(["work", "home", "mobile"]);
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
      "Adresse électronique principale": "email",
      "Tél. professionnel": "phone",
      "Tél. personnel": "phone",
      Portable: "phone",
    });
    expect(
      guessMapping(french)
        .slice(4)
        .map((m) => m.phoneType),
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
      [street]: "address",
      [city]: "city",
      [state]: "province_state",
      [postal]: "postal_zip_code",
      [rest[0]!]: "phone",
      [rest[1]!]: "phone",
      [rest[2]!]: "phone",
      [rest[3]!]: "email",
      [rest[4]!]: "notes",
    });
    expect(
      guessMapping(headers)
        .slice(fields.length, fields.length + 3)
        .map((m) => m.phoneType),
    ).toEqual(["work", "home", "mobile"]);
  });

  it("reads other languages' names for the usual columns", () => {
    expectLayout(["Nome", "Cognome", "Azienda", "Cellulare", "Indirizzo posta elettronica", "Città", "CAP", "Note"], {
      Nome: "first_name",
      Cognome: "last_name",
      Azienda: "company",
      Cellulare: "phone",
      "Indirizzo posta elettronica": "email",
      Città: "city",
      CAP: "postal_zip_code",
      Note: "notes",
    });
    expectLayout(["Voornaam", "Achternaam", "Bedrijf", "Mobiel", "E-mailadres", "Plaats", "Postcode", "Notities"], {
      Voornaam: "first_name",
      Achternaam: "last_name",
      Bedrijf: "company",
      Mobiel: "phone",
      "E-mailadres": "email",
      Plaats: "city",
      Postcode: "postal_zip_code",
      Notities: "notes",
    });
    expectLayout(["Nome", "Sobrenome", "Empresa", "Telemóvel", "Endereço de e-mail", "Cidade", "CEP", "Notas"], {
      CEP: "postal_zip_code",
      Nome: "first_name",
      Sobrenome: "last_name",
      Empresa: "company",
      Telemóvel: "phone",
      "Endereço de e-mail": "email",
      Cidade: "city",
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
        Email: "email",
        "Phone Number": "phone",
        "Mobile Phone Number": "phone",
        "Company Name": "company",
        "Street Address": "address",
        City: "city",
        "State/Region": "province_state",
        "Postal Code": "postal_zip_code",
        "Country/Region": "address",
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
        "Mailing Street": "address",
        "Mailing City": "city",
        "Mailing State/Province": "province_state",
        "Mailing Zip/Postal Code": "postal_zip_code",
        "Mailing Country": "address",
        Phone: "phone",
        Mobile: "phone",
        Email: "email",
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
        MailingStreet: "address",
        MailingCity: "city",
        MailingState: "province_state",
        MailingPostalCode: "postal_zip_code",
        MobilePhone: "phone",
        HomePhone: "phone",
        Email: "email",
      },
    );
    expect(guessMapping(["MobilePhone", "HomePhone"]).map((m) => m.phoneType)).toEqual(["mobile", "home"]);
    // Zoho CRM.
    expectLayout(["First Name", "Last Name", "Account Name", "Mobile", "Mailing Street", "Mailing City", "Mailing State", "Mailing Zip"], {
      "First Name": "first_name",
      "Last Name": "last_name",
      "Account Name": "company",
      Mobile: "phone",
      "Mailing Street": "address",
      "Mailing City": "city",
      "Mailing State": "province_state",
      "Mailing Zip": "postal_zip_code",
    });
    // Pipedrive's people export.
    expectLayout(["Name", "Organization", "Email - Work", "Email - Home", "Phone - Mobile", "Phone - Work", "Label"], {
      Name: "full_name",
      Organization: "company",
      "Email - Work": "email",
      "Email - Home": "email",
      "Phone - Mobile": "phone",
      "Phone - Work": "phone",
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
        "Home Email": "email",
        "Mobile Phone Number": "phone",
        "Home Phone Number": "phone",
        "Home Address Street Line 1": "address",
        "Home Address Street Line 2": "address",
        "Home Address City": "city",
        "Home Address State": "province_state",
        "Home Address Zip Code": "postal_zip_code",
      },
    );
    // LinkedIn's connections (their notes above the header are skipped by csv-preamble.ts).
    expectLayout(["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"], {
      "First Name": "first_name",
      "Last Name": "last_name",
      "Email Address": "email",
      Company: "company",
    });
    // Google's address columns other than the parts stay unmapped: 'Formatted' repeats them, 'Label' is a kind.
    expectLayout(["Address 1 - Label", "Address 1 - Formatted", "Address 1 - Street", "Address 1 - Region"], {
      "Address 1 - Street": "address",
      "Address 1 - Region": "province_state",
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
        "Primary Email": "email",
        "Secondary Email": "email",
        "Work Phone": "phone",
        "Home Phone": "phone",
        "Fax Number": "phone",
        "Pager Number": "phone",
        "Mobile Number": "phone",
        "Home Address": "address",
        "Home Address 2": "address",
        "Home City": "city",
        "Home State": "province_state",
        "Home ZipCode": "postal_zip_code",
        "Home Country": "address",
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
        Last: "last_name",
        Email: "email",
        Mobile: "phone",
        Company: "company",
        "Home Address": "address",
        "Home City": "city",
        "Home State": "province_state",
        "Home ZIP": "postal_zip_code",
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
        "E-mail Address": "email",
        "Home Street": "address",
        "Home City": "city",
        "Home Postal Code": "postal_zip_code",
        "Home State": "province_state",
        "Home Phone": "phone",
        "Mobile Phone": "phone",
        "Business Phone": "phone",
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
        "Home Phone": "phone",
        "Mobile Phone": "phone",
        "Email Address": "email",
        Organization: "company",
        Note: "notes",
      },
    );
    expectLayout(["First name", "Last name", "Company", "Phone: mobile", "Phone: work", "Email: home"], {
      "First name": "first_name",
      "Last name": "last_name",
      Company: "company",
      "Phone: mobile": "phone",
      "Phone: work": "phone",
      "Email: home": "email",
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
    ).toEqual(["ignore", "phone", "email"]);
  });

  it("turns a record into a candidate: mobile first among phones, labels as types, the first e-mail", () => {
    const headers = ["First Name", "Last Name", "Business Phone", "Mobile Phone", "E-mail Address", "E-mail 2 Address"];
    const candidate = recordToCandidate(
      ["Ada", "Lovelace", "+44 20 7946 0001", "+44 7700 900001", "", "second@example.com"],
      guessMapping(headers),
    );
    expect(candidate).toMatchObject({ first_name: "Ada", last_name: "Lovelace", email: "second@example.com" });
    expect(candidate.phones.slice(0, 2)).toEqual([
      { value: "+44 7700 900001", type: "mobile" },
      { value: "+44 20 7946 0001", type: "work" },
    ]);
    const google = ["Phone 1 - Label", "Phone 1 - Value"];
    expect(recordToCandidate(["Work", "555 123 4567"], guessMapping(google)).phones).toEqual([{ value: "555 123 4567", type: "work" }]);
    expect(recordToCandidate(["* Mobile", "555 123 4567 ::: 555 765 4321"], guessMapping(google)).phones[0]).toEqual({
      value: "555 123 4567",
      type: "mobile",
    });
  });
});

describe("a whole name written surname first", () => {
  const name = (value: string, headers = ["Name", "Phone"], row = [value, "555 010 2001"]) => {
    const { first_name, last_name, full_name } = recordToCandidate(row, guessMapping(headers));
    return { first_name, last_name, full_name };
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
    expect(recordToCandidate(["Ann", cell], guessMapping(["name", "phone"])).phones.map((p) => p.value)).toEqual([
      "555 010 2001",
      "555 010 2002",
    ]);
  });

  it("keeps a cell whose parts are not each a number as one number", () => {
    expect(recordToCandidate(["Ann", "555 010 2001 / 12"], guessMapping(["name", "phone"])).phones.map((p) => p.value)).toEqual([
      "555 010 2001 / 12",
    ]);
  });
});

describe("cells written safe against formulas", () => {
  it("reads an apostrophe before a formula character as the value itself, and keeps other apostrophes", () => {
    const mapping = guessMapping(["name", "phone", "notes"]);
    expect(recordToCandidate(["'=Ann", "'+1 555 0100", "'-note"], mapping)).toMatchObject({
      full_name: "=Ann",
      phones: [{ value: "+1 555 0100" }],
      notes: "-note",
    });
    expect(recordToCandidate(["O'Neil", "5550100", "'quoted'"], mapping)).toMatchObject({ full_name: "O'Neil", notes: "'quoted'" });
  });

  it('reads a cell written as a text formula (="0049 30 1234567") as its text, and nothing else so', () => {
    const mapping = guessMapping(["name", "phone", "notes"]);
    expect(recordToCandidate(['="Ann ""A"" Archer"', '="0049 30 1234567"', "=SUM(A1)"], mapping)).toMatchObject({
      full_name: 'Ann "A" Archer',
      phones: [{ value: "0049 30 1234567" }],
      notes: "=SUM(A1)",
    });
  });
});
