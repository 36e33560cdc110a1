import type { ImportTarget } from "../../shared/import-schemas.js";

// Column names of exports in other languages: Outlook writes its CSV headers in the language of the
// Windows it runs on ('Vorname', 'Mobiltelefon', 'Adresse de messagerie', 'Teléfono móvil'), and so do
// spreadsheets people keep by hand. German, French, Spanish, Italian, Portuguese, Dutch, Polish, Czech
// and the Scandinavian languages, matched on the header as csv-mapping.ts normalises it (lower case,
// punctuation gone), after the English names.

/** Whole headers. */
export const LOCALIZED_EXACT: Record<string, ImportTarget> = {
  nombre: "first_name",
  nome: "first_name",
  voornaam: "first_name",
  imię: "first_name",
  imie: "first_name",
  jméno: "first_name",
  förnamn: "first_name",
  fornavn: "first_name",
  etunimi: "first_name",
  apellidos: "last_name",
  apellido: "last_name",
  cognome: "last_name",
  sobrenome: "last_name",
  achternaam: "last_name",
  nazwisko: "last_name",
  příjmení: "last_name",
  efternamn: "last_name",
  efternavn: "last_name",
  etternavn: "last_name",
  sukunimi: "last_name",
  "nom de famille": "last_name",
  "nom complet": "full_name",
  "nombre completo": "full_name",
  "nome completo": "full_name",
  "vollständiger name": "full_name",
  "volledige naam": "full_name",
  anzeigename: "full_name",
  "nom à afficher": "full_name",
  "primäre e mail adresse": "email",
  "adresse électronique principale": "email",
  société: "company",
  entreprise: "company",
  empresa: "company",
  organización: "company",
  organizacion: "company",
  organização: "company",
  azienda: "company",
  società: "company",
  bedrijf: "company",
  organisatie: "company",
  unternehmen: "company",
  notizen: "notes",
  notiz: "notes",
  notas: "notes",
  nota: "notes",
  notities: "notes",
  notitie: "notes",
  anmerkungen: "notes",
  bemerkungen: "notes",
  remarques: "notes",
  commentaires: "notes",
  observaciones: "notes",
  uwagi: "notes",
  poznámky: "notes",
  anteckningar: "notes",
  notater: "notes",
};

// A word that starts the header, not one inside another word ('Mobiltelefon' is a phone; nothing else).
const word = (words: string) => new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, "u");
const first = (words: string) => new RegExp(`^(?:${words})(?!\\p{L})`, "u");

/** Phone columns ('Telefon geschäftlich', 'Téléphone mobile', 'Teléfono del trabajo', 'Cellulare'). */
export const LOCALIZED_PHONE = word(
  "telefon|telefone|telefono|teléfono|téléphone|tél|telefoon|telefonnummer|mobiltelefon|mobil|mobiel|móvil|movil|portable|cellulare|celular|telemóvel|gsm|natel|handy|telefax|télécopie|telecopie|fax",
);

/** E-mail columns; their type and display-name columns are not ('E-Mail-Typ', 'Type de messagerie'). */
export const LOCALIZED_EMAIL = first(
  "courriel|adresse de messagerie|adresse e ?mail|adresse électronique|adresse electronique|courrier électronique|correo|dirección de correo|direccion de correo|indirizzo (?:di )?posta|posta elettronica|endereço de e ?mail|endereço de email|e ?mailadres",
);
export const NOT_AN_EMAIL = word("typ|tipo|type|anzeigename|angezeigter|mostrar|visualizzato|weergavenaam");

const ADDRESS_PARTS: [ImportTarget, RegExp][] = [
  ["postal_zip_code", first("postleitzahl|plz|code postal|código postal|codigo postal|cap|postcode|postnummer|kod pocztowy|psč|cep")],
  ["city", first("ort|stadt|ville|ciudad|città|citta|plaats|woonplaats|cidade|localidad|località|miasto|město|poststed")],
  ["province_state", first("bundesland|région|region|dép région|département|provincia|estado|provincie|regione|kanton|województwo|kraj")],
  ["address", first("straße|strasse|adresse|rue|calle|dirección|direccion|via|indirizzo|straat|rua|endereço|ulica|ulice|gatuadress")],
];

/** The address part a localized header names ('Ort geschäftlich', 'Code postal (bureau)'), if any. */
export const localizedAddressPart = (header: string): ImportTarget | undefined =>
  ADDRESS_PARTS.find(([, pattern]) => pattern.test(header))?.[0];

const BUSINESS = word(
  "geschäftlich|büro|arbeit|bureau|travail|professionnel|trabajo|oficina|lavoro|ufficio|werk|zakelijk|trabalho|comercial|praca",
);
const HOME = word("privat|privé|personnel|domicile|domicilio|particular|casa|thuis|residencial|abitazione|dom|hjem|hem");

/** The address group of a localized header ('business' or 'home'), so only one group is taken. */
export const localizedAddressGroup = (header: string): string => (BUSINESS.test(header) ? "business" : HOME.test(header) ? "home" : "");

/** Localized words for phone types, added to the English ones of phone-types.ts. */
export const LOCALIZED_PHONE_WORDS = {
  mobile: ["mobil", "mobiltelefon", "mobiel", "móvil", "movil", "portable", "cellulare", "celular", "telemóvel", "gsm", "natel"],
  work: [
    "geschäftlich",
    "büro",
    "arbeit",
    "bureau",
    "travail",
    "professionnel",
    "trabajo",
    "oficina",
    "lavoro",
    "ufficio",
    "werk",
    "zakelijk",
    "trabalho",
  ],
  home: ["privat", "privé", "personnel", "domicile", "domicilio", "particular", "casa", "thuis", "residencial", "abitazione"],
  fax: ["telefax", "télécopie", "telecopie"],
};
