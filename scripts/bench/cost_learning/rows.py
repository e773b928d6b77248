"""A row's command-line flags on a data set."""


def flags_of(row, dataset):
    text = row.flags.replace("{K}", str(dataset.classes)).replace("{F}", dataset.factors)
    return text.split() + dataset.flags.split()
