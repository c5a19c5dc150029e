#!/usr/bin/env python3
"""Writes the TV sample sources' pages and expectations from one schedule that makes sense on any weekday.

  scripts/sample-tv.py

The demo serves these pages with their dates moved to today, so a programme must fit any day of the week:
news at their hours, children's programmes in the morning, films in the afternoon and at night, each film
typed as a film and rated. The schedule below is the one source of truth for

  Scrapers/guia-tv.example/    a page per channel and day (8 channels, 2026-11-20 to 22), and expect.json;
  Scrapers/xmltv.example/      one XMLTV file: La 1 again (merged with the guide's) and three regional channels;
  Scrapers/audiencias.example/ each day's most watched airings of those schedules, the channels' shares, news.

Run it after changing the schedule and commit what it writes. Needs Python 3.9 and nothing else.
"""

import json
import os
import re
import unicodedata
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRAPERS = os.path.join(ROOT, "Scrapers")
MADRID = ZoneInfo("Europe/Madrid")
DAYS = [date(2026, 11, 20), date(2026, 11, 21), date(2026, 11, 22)]

# title: (genre label, description, extra). extra: "film": (year, score out of 10); "series": (season, first episode).
CATALOG = {
    "Telediario Matinal": ("Informativos", "Las noticias de primera hora con la información del día.", {}),
    "Telediario 1": ("Informativos", "Las noticias del mediodía, con los deportes y el tiempo.", {}),
    "Telediario 2": ("Informativos", "Las noticias de la noche, con los deportes y el tiempo.", {}),
    "La 2 Noticias": ("Informativos", "El informativo de la noche de La 2.", {}),
    "Noticias de la noche": ("Informativos", "Resumen informativo del día.", {}),
    "Antena 3 Noticias": ("Informativos", "Las noticias del día en Antena 3.", {}),
    "Noticias Cuatro": ("Informativos", "Las noticias del día en Cuatro.", {}),
    "Informativos Telecinco": ("Informativos", "Las noticias del día en Telecinco.", {}),
    "laSexta Noticias": ("Informativos", "Las noticias del día en laSexta.", {}),
    "Telenoticias": ("Informativos", "Las noticias de Madrid y del mundo.", {}),
    "Noticias 24 horas": ("Informativos", "Información continua, con conexiones en directo.", {}),
    "La noche en 24h": ("Informativos", "Entrevistas y análisis de la actualidad del día.", {}),
    "El tiempo": ("El tiempo", "Previsión meteorológica para toda España.", {}),
    "La hora de La 1": ("Magacín", "Actualidad, entrevistas y debate sobre los asuntos del día.", {}),
    "Espejo público": ("Magacín", "La actualidad de la mañana, con debate y reportajes.", {}),
    "El programa de Ana Rosa": ("Magacín", "Actualidad, sucesos y corazón por la mañana.", {}),
    "Al rojo vivo": ("Magacín", "Debate político y entrevistas de la mañana.", {}),
    "Madrid directo": ("Magacín", "Reporteros en la calle con lo que pasa en Madrid.", {}),
    "Aquí la Tierra": ("Naturaleza", "El tiempo, el campo y el medio ambiente, de cerca.", {}),
    "Aventuras en Atapuerca": ("Historia", "Un viaje a los orígenes de la humanidad.", {}),
    "Documentos TV": ("Documental", "Investigaciones sobre asuntos que importan.", {}),
    "Grandes documentales": ("Documental", "Naturaleza y ciencia de todo el mundo.", {}),
    "Callejeros viajeros": ("Documental", "Españoles que viven en los rincones más lejanos del mundo.", {}),
    "Los Lunnis": ("Infantil", "Aventuras y canciones para los más pequeños.", {}),
    "Saber y ganar": ("Concurso", "Concurso cultural de preguntas y respuestas.", {}),
    "Pasapalabra": ("Concurso", "Dos concursantes se enfrentan al rosco final.", {}),
    "La ruleta de la suerte": ("Concurso", "Paneles, gajos y premios antes del mediodía.", {}),
    "El Hormiguero": ("Entretenimiento", "Invitados, ciencia y humor cada noche.", {}),
    "Zapeando": ("Entretenimiento", "Humor con lo mejor y lo peor de la televisión.", {}),
    "Supervivientes": ("Entretenimiento", "Concursantes en una isla, a prueba cada semana.", {}),
    "Cuarto milenio": ("Divulgación", "Misterios, ciencia y leyendas, con invitados en plató.", {}),
    "Masterchef": ("Cocina", "Cocineros aficionados compiten por el título.", {}),
    "Baloncesto: Liga Endesa": ("Deportes", "Resumen de la jornada de baloncesto.", {}),
    "Deportes Cuatro": ("Deportes", "La actualidad deportiva del día.", {}),
    "Fútbol: Liga, Real Madrid - Sevilla": ("Deportes", "Retransmisión en directo del partido de Liga.", {}),
    "La Promesa": ("Serie", "Intrigas en un palacio de principios del siglo XX.", {"series": (4, 212)}),
    "Amar es para siempre": ("Serie", "Amores y secretos en un barrio de Madrid.", {"series": (11, 48)}),
    "Cuéntame cómo pasó": ("Serie", "La familia Alcántara atraviesa los cambios de la sociedad española.", {"series": (23, 5)}),
    "Cine: Acción en Alcalá": ("Acción", "Un policía jubilado vuelve a las calles de Alcalá para un último caso.", {"film": (1998, 5.8)}),
    "Cine: Ocho apellidos vascos": ("Comedia", "Un sevillano se hace pasar por vasco para conquistar a una chica.", {"film": (2014, 6.6)}),
    "Cine: La niña de tus ojos": ("Comedia dramática", "Un rodaje en tiempos difíciles reúne a un equipo variopinto.", {"film": (1998, 7.1)}),
    "Cine: Mar adentro": ("Drama", "La lucha de un hombre por decidir sobre su propia vida.", {"film": (2004, 8.0)}),
    "Cine: El orfanato": ("Terror", "Una mujer regresa al orfanato donde creció.", {"film": (2007, 7.4)}),
    # Regional channels of the XMLTV file.
    "Canal Sur Noticias": ("Informativos", "La actualidad de Andalucía.", {}),
    "Andalucía directo": ("Magacín", "Reporteros por los pueblos y ciudades de Andalucía.", {}),
    "À Punt Notícies": ("Informativos", "La actualitat del País Valencià.", {}),
    "Teleberri": ("Informativos", "Las noticias de Euskadi y del mundo.", {}),
}

FILMS = [title for title, (_, _, extra) in CATALOG.items() if "film" in extra]


def film(offset):
    """The film of a slot: each channel and day shows a different one, none twice at the same hour."""
    return lambda day: FILMS[(day + offset) % len(FILMS)]


# Each channel's day from 06:00 to the small hours: (local time, title, or a function of the day's index).
# Times after midnight belong to the next morning; each programme ends when the next begins.
GUIDE_CHANNELS = [
    ("La1.es", "la-1", "La 1", [
        ("06:00", "Telediario Matinal"), ("08:30", "La hora de La 1"), ("12:00", "Aquí la Tierra"), ("13:00", "Saber y ganar"),
        ("15:00", "Telediario 1"), ("15:50", "El tiempo"), ("16:00", "La Promesa"), ("17:00", film(0)), ("18:45", "Cuéntame cómo pasó"),
        ("20:00", "Aquí la Tierra"), ("21:00", "Telediario 2"), ("21:50", "El tiempo"), ("22:00", "Masterchef"), ("00:30", "Noticias de la noche"),
        ("01:15", "Documentos TV"),
    ]),
    ("La2.es", "la-2", "La 2", [
        ("06:00", "Aventuras en Atapuerca"), ("07:00", "Los Lunnis"), ("09:30", "Grandes documentales"), ("11:30", "Baloncesto: Liga Endesa"),
        ("13:30", "Saber y ganar"), ("15:00", film(1)), ("16:45", "Documentos TV"), ("17:45", "Cuéntame cómo pasó"),
        ("19:00", "Grandes documentales"), ("20:30", "La 2 Noticias"), ("21:00", "Aventuras en Atapuerca"), ("22:00", film(2)),
        ("23:50", "Documentos TV"), ("00:50", "Noticias de la noche"),
    ]),
    ("Antena3.es", "antena-3", "Antena 3", [
        ("06:00", "Antena 3 Noticias"), ("08:55", "Espejo público"), ("12:20", "La ruleta de la suerte"), ("15:00", "Antena 3 Noticias"),
        ("15:50", "El tiempo"), ("16:00", "Amar es para siempre"), ("17:00", film(3)), ("19:00", "Pasapalabra"), ("21:00", "Antena 3 Noticias"),
        ("21:45", "El Hormiguero"), ("22:45", film(4)), ("00:40", "Noticias de la noche"),
    ]),
    ("Cuatro.es", "cuatro", "Cuatro", [
        ("06:00", "Callejeros viajeros"), ("07:30", "Noticias Cuatro"), ("09:00", "Callejeros viajeros"), ("11:00", film(2)),
        ("13:00", "Zapeando"), ("14:00", "Noticias Cuatro"), ("14:50", "Deportes Cuatro"), ("15:30", film(0)), ("17:30", "Callejeros viajeros"),
        ("20:00", "Noticias Cuatro"), ("20:45", "Deportes Cuatro"),
        ("21:00", lambda day: "Fútbol: Liga, Real Madrid - Sevilla" if day == 1 else "Cuarto milenio"), ("23:15", film(1)),
        ("01:00", "Noticias de la noche"),
    ]),
    ("Telecinco.es", "telecinco", "Telecinco", [
        ("06:00", "Informativos Telecinco"), ("09:00", "El programa de Ana Rosa"), ("13:30", "Supervivientes"), ("15:00", "Informativos Telecinco"),
        ("15:40", "El tiempo"), ("15:50", film(4)), ("17:45", "Supervivientes"), ("21:00", "Informativos Telecinco"), ("21:40", "El tiempo"),
        ("21:50", "Supervivientes"), ("23:50", film(3)), ("01:40", "Noticias de la noche"),
    ]),
    ("LaSexta.es", "lasexta", "laSexta", [
        ("06:00", "laSexta Noticias"), ("09:00", "Al rojo vivo"), ("14:00", "laSexta Noticias"), ("15:15", "Zapeando"), ("16:30", film(2)),
        ("18:30", "Callejeros viajeros"), ("20:00", "laSexta Noticias"), ("21:00", "El tiempo"), ("21:30", film(3)), ("23:30", film(0)),
        ("01:20", "Noticias de la noche"),
    ]),
    ("Telemadrid.es", "telemadrid", "Telemadrid", [
        ("06:00", "Telenoticias"), ("08:00", "Madrid directo"), ("11:00", "Aquí la Tierra"), ("14:00", "Telenoticias"), ("15:00", "El tiempo"),
        ("15:15", film(4)), ("17:00", "Madrid directo"), ("20:30", "Telenoticias"), ("21:15", "El tiempo"), ("21:30", film(1)),
        ("23:30", "Documentos TV"), ("00:30", "Noticias de la noche"),
    ]),
    ("24h.es", "canal-24-horas", "Canal 24 Horas", [
        ("06:00", "Noticias 24 horas"), ("10:00", "El tiempo"), ("10:10", "Noticias 24 horas"), ("14:00", "El tiempo"),
        ("14:10", "Noticias 24 horas"), ("19:00", "Documentos TV"), ("20:00", "Noticias 24 horas"), ("21:00", "El tiempo"),
        ("21:10", "Noticias 24 horas"), ("22:00", "La noche en 24h"), ("00:00", "Noticias 24 horas"),
    ]),
]

XMLTV_CHANNELS = [
    ("CanalSur.es", "Canal Sur", [
        ("06:00", "Canal Sur Noticias"), ("08:00", "Andalucía directo"), ("12:00", "Aquí la Tierra"), ("14:30", "Canal Sur Noticias"),
        ("15:30", film(3)), ("17:30", "Andalucía directo"), ("20:30", "Canal Sur Noticias"), ("21:30", film(2)), ("23:30", "Documentos TV"),
        ("00:30", "Noticias de la noche"),
    ]),
    ("APunt.es", "À Punt", [
        ("06:00", "À Punt Notícies"), ("08:00", "Los Lunnis"), ("10:00", "Grandes documentales"), ("14:00", "À Punt Notícies"),
        ("15:00", film(1)), ("17:00", "Aventuras en Atapuerca"), ("20:30", "À Punt Notícies"), ("21:30", film(4)), ("23:30", "Documentos TV"),
    ]),
    ("ETB2.es", "ETB 2", [
        ("06:00", "Teleberri"), ("09:00", "Aquí la Tierra"), ("13:00", "Saber y ganar"), ("14:30", "Teleberri"), ("15:30", film(0)),
        ("17:30", "Grandes documentales"), ("20:30", "Teleberri"), ("21:30", film(3)), ("23:30", "Noticias de la noche"),
    ]),
]

LA1 = GUIDE_CHANNELS[0]
SHARES = [("La 1", 10.6), ("La 2", 4.7), ("Antena 3", 13.4), ("Cuatro", 6.1), ("Telecinco", 11.2), ("laSexta", 6.5),
          ("Telemadrid", 4.3), ("Canal 24 Horas", 2.2)]
NEWS = [
    [("final-concurso-lidera", "La final del concurso lidera la noche", "El desenlace reunió a más de tres millones de espectadores.", "09:15"),
     ("series-sobremesa", "Las series de sobremesa resisten frente a los magacines", "La ficción diaria mantiene su cuota en la franja de tarde.", "11:40"),
     ("cine-tarde", "El cine de la tarde gana espectadores", "Las películas de sobremesa suben casi un punto en un mes.", "13:05")],
    [("futbol-dispara-audiencia", "El fútbol dispara la audiencia de Cuatro", "El partido de Liga fue lo más visto del día en su franja.", "09:30"),
     ("magacines-manana", "Los magacines de la mañana, igualados", "Menos de medio punto separa a los tres primeros.", "12:10")],
    [("informativos-record", "Los informativos de la noche, en máximos del año", "La actualidad internacional lleva a los telediarios por encima del 15 %.", "10:00"),
     ("documentales-la-2", "Los documentales de La 2 encuentran su público", "La franja de la tarde crece con los estrenos de la temporada.", "12:45"),
     ("concursos-tarde", "Los concursos de la tarde se reparten la audiencia", "Pasapalabra y Saber y ganar superan juntos los tres millones.", "17:20")],
]
MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]


def slug(title):
    text = unicodedata.normalize("NFD", title.lower())
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def schedule(slots, day_index):
    """The day's programmes: (local start, title), starts after midnight on the next morning."""
    day = DAYS[day_index]
    result = []
    for clock, title in slots:
        hour, minute = map(int, clock.split(":"))
        local = datetime(day.year, day.month, day.day, hour, minute, tzinfo=MADRID)
        if hour < 6:
            local += timedelta(days=1)
        result.append((local, title(day_index) if callable(title) else title))
    return result


def utc(local):
    return local.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def episode(title, day_index):
    season, first = CATALOG[title][2]["series"]
    return season, first + day_index


def decimal(value):
    """One decimal with a decimal comma, as Spanish pages write it."""
    return f"{value:.1f}".replace(".", ",")


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write(path, text, encoding="utf-8"):
    with open(path, "w", encoding=encoding, newline="\n") as out:
        out.write(text)


def guide_page(name, day, programmes, charset):
    rows = []
    for local, title in programmes:
        genre, description, extra = CATALOG[title]
        lines = [f'        <h3 class="titulo"><a href="/programa/{slug(title)}">{escape(title)}</a></h3>']
        if "film" in extra:
            year, score = extra["film"]
            lines += ['        <span class="tipo">Película</span>', f'        <span class="genero">{escape(genre)}</span>',
                      f'        <span class="anio">({year})</span>', f'        <span class="nota">{decimal(score)}/10</span>']
        else:
            lines.append(f'        <span class="genero">{escape(genre)}</span>')
        if "series" in extra:
            season, number = episode(title, DAYS.index(day))
            lines.append(f'        <span class="capitulo">T{season} E{number}</span>')
        lines += [f'        <p class="sinopsis">{escape(description)}</p>',
                  f'        <img class="miniatura" src="/img/programas/{slug(title)}.jpg" alt="">']
        rows.append("    <li class=\"emision\">\n      <span class=\"hora\">%s</span>\n      <div class=\"ficha\">\n%s\n      </div>\n    </li>"
                    % (local.strftime("%H:%M"), "\n".join(lines)))
    when = f"{day.day} de {MONTHS[day.month - 1]}"
    return f"""<!DOCTYPE html>
<html lang="es">
<head>
  <meta charset="{charset}">
  <title>Programación de {name} del {when} - Guía TV</title>
  <link rel="stylesheet" href="/css/guia.css">
</head>
<body>
  <header class="cabecera"><a href="/">Guía TV</a> <nav><a href="/ahora">Ahora en TV</a> <a href="/cine">Cine</a></nav></header>
  <main>
  <h1>{name}</h1>
  <h2 class="dia">{when.capitalize()}</h2>
  <ul class="parrilla">
{chr(10).join(rows)}
  </ul>
  <p class="aviso">Horario peninsular. La programación puede sufrir cambios de última hora.</p>
  </main>
  <footer>&copy; Guía TV &middot; <a href="/aviso-legal">Aviso legal</a></footer>
</body>
</html>
"""


def expected(programmes, index, day_index, with_stop):
    local, title = programmes[index]
    genre, description, extra = CATALOG[title]
    entry = {"index": index, "start": utc(local), "title": title, "category": [genre] + (["Película"] if "film" in extra else []),
             "description": description}
    if with_stop:
        entry["stop"] = utc(programmes[index + 1][0]) if index + 1 < len(programmes) else None
    if "film" in extra:
        entry["year"] = extra["film"][0]
    if "series" in extra:
        entry["season"], entry["episode"] = episode(title, day_index)
    return entry


def write_guide():
    folder = os.path.join(SCRAPERS, "guia-tv.example")
    cases = []
    for channel_id, site_id, name, slots in GUIDE_CHANNELS:
        charset = "windows-1252" if site_id == "telemadrid" else "utf-8"
        for day_index, day in enumerate(DAYS):
            programmes = schedule(slots, day_index)
            file = f"fixtures/{site_id}-{day.isoformat()}.html"
            write(os.path.join(folder, file), guide_page(name, day, programmes, charset), "cp1252" if charset != "utf-8" else "utf-8")
            films = [i for i, (_, title) in enumerate(programmes) if "film" in CATALOG[title][2]]
            picks = sorted({0, len(programmes) // 2, *(films[:1]), len(programmes) - 1})
            cases.append({"name": f"{name} {day.isoformat()}", "date": day.isoformat(), "channel": channel_id, "files": [file],
                          "count": len(programmes),
                          "programmes": [expected(programmes, i, day_index, with_stop=i < len(programmes) - 1) for i in picks]})
    cases.append({"name": "a day without programmes", "date": "2026-11-23", "channel": "24h.es", "files": ["fixtures/sin-programacion.html"],
                  "count": 0, "programmes": []})
    write(os.path.join(folder, "expect.json"), json.dumps({"cases": cases}, ensure_ascii=False, indent=1) + "\n")


def xmltv_time(local):
    return local.strftime("%Y%m%d%H%M%S %z")


def write_xmltv():
    folder = os.path.join(SCRAPERS, "xmltv.example")
    channels = [(channel_id, name, slots) for channel_id, name, slots in XMLTV_CHANNELS] + [(LA1[0], LA1[2], LA1[3])]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
             '<tv source-info-name="Guía XMLTV de ejemplo" generator-info-name="ejemplo">']
    for channel_id, name, _ in channels:
        lines += [f'  <channel id="{channel_id}">', f'    <display-name lang="es">{escape(name)}</display-name>',
                  f'    <icon src="https://xmltv.example/logos/{channel_id}.png"/>', '  </channel>']
    programmes = []
    for channel_id, _, slots in channels:
        days = [schedule(slots, day_index) for day_index in range(len(DAYS))]
        for day_index, day in enumerate(days):
            for position, (local, title) in enumerate(day):
                if position + 1 < len(day):
                    stop = day[position + 1][0]
                elif day_index + 1 < len(days):
                    stop = days[day_index + 1][0][0]
                else:
                    stop = local + timedelta(minutes=60)
                programmes.append((channel_id, day_index, local, stop, title))
    for channel_id, day_index, local, stop, title in programmes:
        genre, description, extra = CATALOG[title]
        lines += [f'  <programme start="{xmltv_time(local)}" stop="{xmltv_time(stop)}" channel="{channel_id}">',
                  f'    <title lang="es">{escape(title)}</title>', f'    <desc lang="es">{escape(description)}</desc>']
        if "film" in extra:
            lines.append(f'    <date>{extra["film"][0]}</date>')
        lines.append(f'    <category lang="es">{escape(genre)}</category>')
        if "film" in extra:
            lines.append('    <category lang="es">Cine</category>')
        if "series" in extra:
            season, number = episode(title, day_index)
            lines.append(f'    <episode-num system="xmltv_ns">{season - 1}.{number - 1}.</episode-num>')
        if "film" in extra:
            lines.append(f'    <star-rating><value>{extra["film"][1]}/10</value></star-rating>')
        lines.append('  </programme>')
    lines.append('</tv>')
    write(os.path.join(folder, "fixtures", "guia.xml"), "\n".join(lines) + "\n")

    def entry(index):
        channel_id, day_index, local, stop, title = programmes[index]
        genre, _, extra = CATALOG[title]
        item = {"index": index, "start": utc(local), "stop": utc(stop), "title": title, "category": [genre] + (["Cine"] if "film" in extra else [])}
        if "film" in extra:
            item["year"] = extra["film"][0]
        if "series" in extra:
            item["season"], item["episode"] = episode(title, day_index)
        return item

    films = [i for i, p in enumerate(programmes) if "film" in CATALOG[p[4]][2]]
    series = [i for i, p in enumerate(programmes) if "series" in CATALOG[p[4]][2]]
    picks = sorted({0, 1, films[0], series[0], len(programmes) // 2, len(programmes) - 1})
    case = {"name": "whole file", "date": DAYS[0].isoformat(), "files": ["fixtures/guia.xml"], "count": len(programmes),
            "programmes": [entry(i) for i in picks]}
    write(os.path.join(folder, "expect.json"), json.dumps({"cases": [case]}, ensure_ascii=False, indent=1) + "\n")


CHANNEL_REACH = {"La 1": 1.0, "La 2": 0.45, "Antena 3": 1.1, "Cuatro": 0.65, "Telecinco": 1.0, "laSexta": 0.7, "Telemadrid": 0.4,
                 "Canal 24 Horas": 0.2}


def audience_weight(title, local, channel):
    """How many viewers an airing draws, relative: the big channels, prime time and football most, the small hours least."""
    hour = local.hour + local.minute / 60
    slot = 1.0 if 21 <= hour < 24 else 0.75 if 14 <= hour < 16 else 0.6 if 16 <= hour < 21 else 0.35
    genre = CATALOG[title][0]
    bonus = {"Deportes": 1.3 if title.startswith("Fútbol") else 0.8, "Informativos": 1.1, "Entretenimiento": 1.05, "Concurso": 1.0,
             "Serie": 0.95}.get(genre, 0.85)
    return slot * bonus * CHANNEL_REACH[channel]


def write_audiences():
    folder = os.path.join(SCRAPERS, "audiencias.example")
    cases = []
    for day_index, day in enumerate(DAYS):
        airings = []
        for channel_id, _, name, slots in GUIDE_CHANNELS:
            programmes = schedule(slots, day_index)
            for position, (local, title) in enumerate(programmes):
                if local.date() != day or position + 1 >= len(programmes):
                    continue
                minutes = int((programmes[position + 1][0] - local).total_seconds() // 60)
                # A stable variation per airing, so the three days differ.
                jitter = 0.9 + (sum(map(ord, title + name)) * (day_index + 3) % 21) / 100
                airings.append((audience_weight(title, local, name) * jitter, channel_id, name, title, local, minutes))
        airings.sort(key=lambda a: -a[0])
        top = airings[:15]
        best = top[0][0]
        rows, entries = [], []
        for rank, (weight, channel_id, name, title, local, minutes) in enumerate(top, start=1):
            viewers = int(round(3_100_000 * weight / best, -4))
            share = round(24.0 * weight / best, 1)
            rows.append(f"""      <tr>
        <td class="puesto">{rank}</td>
        <td class="cadena">{escape(name)}</td>
        <td class="programa">{escape(title)}</td>
        <td class="inicio">{local.strftime("%H:%M")}</td>
        <td class="duracion">{minutes} min</td>
        <td class="espectadores">{f"{viewers:,}".replace(",", ".")}</td>
        <td class="cuota">{decimal(share)} %</td>
      </tr>""")
            entries.append({"index": rank - 1, "channel": channel_id, "channelName": name, "title": title, "start": utc(local)[:-5] + "Z",
                            "durationMinutes": minutes, "viewers": viewers, "share": share, "rank": rank})
        share_rows, share_entries = [], []
        for index, (name, base) in enumerate(SHARES):
            change = round(((sum(map(ord, name)) * (day_index + 5)) % 13 - 6) / 10, 1)
            share = round(base + change / 2, 1)
            sign = "+" if change > 0 else "−" if change < 0 else ""
            share_rows.append(f'      <tr><th scope="row">{escape(name)}</th><td class="cuota">{decimal(share)} %</td>'
                              f'<td class="variacion">{sign}{decimal(abs(change))}</td></tr>')
            channel_id = next(c[0] for c in GUIDE_CHANNELS if c[2] == name)
            share_entries.append({"index": index, "channel": channel_id, "share": share, "change": change})
        news_rows = []
        for slug_text, title, summary, clock in NEWS[day_index]:
            news_rows.append(f"""    <article class="noticia">
      <h3><a href="/noticias/{slug_text}">{escape(title)}</a></h3>
      <p class="entradilla">{escape(summary)}</p>
      <time>{clock}</time>
    </article>""")
        when = f"{day.day} de {MONTHS[day.month - 1]}"
        page = f"""<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8"><title>Audiencias del {when} - Audiencias TV</title></head>
<body>
  <main>
  <h1>Audiencias del {when} de {day.year}</h1>
  <section>
    <h2>Lo más visto</h2>
    <table class="ranking">
      <thead><tr><th>#</th><th>Cadena</th><th>Programa</th><th>Hora</th><th>Duración</th><th>Espectadores</th><th>Cuota</th></tr></thead>
      <tbody>
{chr(10).join(rows)}
      </tbody>
    </table>
  </section>
  <section>
    <h2>Cuota diaria por cadena</h2>
    <table class="cuotas">
      <thead><tr><th>Cadena</th><th>Cuota</th><th>Frente a la semana pasada</th></tr></thead>
      <tbody>
{chr(10).join(share_rows)}
      </tbody>
    </table>
  </section>
  <section class="noticias">
    <h2>Noticias</h2>
{chr(10).join(news_rows)}
  </section>
  </main>
</body>
</html>
"""
        file = f"fixtures/audiencias-{day.isoformat()}.html"
        write(os.path.join(folder, file), page)
        first_news = NEWS[day_index][0]
        hour, minute = map(int, first_news[3].split(":"))
        published = datetime(day.year, day.month, day.day, hour, minute, tzinfo=MADRID)
        cases.append({"name": f"audiences {day.isoformat()}", "date": day.isoformat(), "files": [file],
                      "audiences": [entries[0], entries[7], entries[14]],
                      "shares": [share_entries[0], share_entries[3], share_entries[7]],
                      "news": [{"index": 0, "title": first_news[1], "url": f"https://audiencias.example/noticias/{first_news[0]}",
                                "published": utc(published)[:-5] + "Z"}]})
    write(os.path.join(folder, "expect.json"), json.dumps({"cases": cases}, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    write_guide()
    write_xmltv()
    write_audiences()
